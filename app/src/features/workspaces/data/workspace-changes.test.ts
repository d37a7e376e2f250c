import { describe, expect, it } from 'vitest'
import type { LiveChange } from '../../../lib/live.ts'
import { effectsOf } from './workspace-changes.ts'

const ws = 'w1'
const change = (
  table: string,
  operation: LiveChange['operation'],
  record: Record<string, unknown>
): LiveChange => ({ table, operation, record })

describe('effectsOf', () => {
  it('ignores channels and memberships of my other workspaces, but lists them', () => {
    const elsewhere = { id: 'c9', workspace_id: 'w2', user_id: 'me', last_seq: 3 }
    expect(effectsOf(change('channels', 'UPDATE', elsewhere), ws)).toEqual([])
    expect(effectsOf(change('channel_members', 'UPDATE', elsewhere), ws)).toEqual([])
    expect(effectsOf(change('workspace_members', 'UPDATE', elsewhere), ws)).toEqual([
      { kind: 'refresh', what: 'workspaces' },
    ])
  })

  it('patches a changed channel in place; new or removed channels refetch the list', () => {
    const row = {
      id: 'c1',
      workspace_id: ws,
      last_seq: 9,
      name: 'general',
      topic: '',
      archived_at: null,
    }
    expect(effectsOf(change('channels', 'UPDATE', row), ws)).toEqual([{ kind: 'channel-row', row }])
    expect(effectsOf(change('channels', 'INSERT', row), ws)).toEqual([
      { kind: 'refresh', what: 'channels' },
    ])
  })

  it('refetches my channels when my memberships change', () => {
    for (const operation of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      expect(
        effectsOf(
          change('channel_members', operation, { id: 'm', workspace_id: ws, user_id: 'me' }),
          ws
        )
      ).toEqual([{ kind: 'refresh', what: 'channels' }])
    }
  })

  it("marks a channel's roster stale when someone joins or leaves it", () => {
    expect(
      effectsOf(change('channel_roster', 'DELETE', { channel_id: 'c1', user_id: 'u' }), ws)
    ).toEqual([{ kind: 'roster', channelId: 'c1' }])
  })

  it('refreshes members, my workspaces and every roster when people join or leave the workspace', () => {
    expect(
      effectsOf(
        change('workspace_members', 'UPDATE', { id: 'w', workspace_id: ws, left_at: 'now' }),
        ws
      )
    ).toEqual([
      { kind: 'refresh', what: 'members' },
      { kind: 'refresh', what: 'workspaces' },
      { kind: 'refresh', what: 'rosters' },
    ])
  })

  it('refreshes members and rosters when a profile changes, workspaces when one is renamed', () => {
    expect(effectsOf(change('profiles', 'UPDATE', { id: 'u' }), ws)).toEqual([
      { kind: 'refresh', what: 'members' },
      { kind: 'refresh', what: 'rosters' },
    ])
    expect(effectsOf(change('workspaces', 'UPDATE', { id: 'w' }), ws)).toEqual([
      { kind: 'refresh', what: 'workspaces' },
    ])
  })
})
