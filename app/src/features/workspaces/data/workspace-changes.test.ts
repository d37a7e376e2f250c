import { describe, expect, it } from 'vitest'
import type { LiveChange } from '../../../lib/live.ts'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
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

  it('patches a changed channel in place; a new public channel stales only the browser', () => {
    const row = {
      id: 'c1',
      workspace_id: ws,
      kind: 'public',
      last_seq: 9,
      name: 'general',
      topic: '',
      archived_at: null,
      from_seq: 8,
      new_messages: [{ seq: 9, author_id: 'u', mentions: [] }],
    }
    expect(effectsOf(change('channels', 'UPDATE', row), ws)).toEqual([{ kind: 'channel-row', row }])
    expect(effectsOf(change('channels', 'INSERT', row), ws)).toEqual([
      { kind: 'refresh', what: 'browse' },
    ])
    expect(effectsOf(change('channels', 'DELETE', row), ws)).toEqual([
      { kind: 'refresh', what: 'channels' },
    ])
  })

  it('hands my membership changes over with what they carry, fetching nothing', () => {
    for (const operation of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const record = {
        channel_id: 'c1',
        workspace_id: ws,
        user_id: 'me',
        last_read_seq: 4,
        unread_count: 1,
      }
      expect(effectsOf(change('channel_members', operation, record), ws)).toEqual([
        { kind: 'membership', operation, record },
      ])
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

  it('patches a changed profile in, refreshes members and rosters when it cannot; workspaces when one is renamed', () => {
    expect(
      effectsOf(
        change('profiles', 'UPDATE', { id: 'u', display_name: 'Una', avatar_path: 'u/a.png' }),
        ws
      )
    ).toEqual([{ kind: 'person', patch: expect.any(Function) }])
    expect(effectsOf(change('profiles', 'UPDATE', { id: 'u' }), ws)).toEqual([
      { kind: 'person', patch: expect.any(Function) },
      { kind: 'refresh', what: 'members' },
      { kind: 'refresh', what: 'rosters' },
    ])
    expect(effectsOf(change('workspaces', 'UPDATE', { id: 'w' }), ws)).toEqual([
      { kind: 'refresh', what: 'workspaces' },
    ])
  })
})

describe('a profile’s change', () => {
  it('renames a person in the members list and every roster that holds them, fetching nothing', () => {
    const client = testQueryClient()
    const una = { userId: 'u', displayName: 'Una', avatarPath: null, role: 'member' }
    const bo = { userId: 'b', displayName: 'Bo', avatarPath: null, role: 'member' }
    client.setQueryData(['workspaces', ws, 'members'], [una, bo])
    client.setQueryData(['channels', 'members', 'c1'], [una])
    client.setQueryData(['channels', 'members', 'c2'], [bo])
    const [effect] = effectsOf(
      change('profiles', 'UPDATE', { id: 'u', display_name: ' Una Ng ', avatar_path: 'u/a.png' }),
      ws
    )
    if (effect?.kind !== 'person') throw new Error('not a person')
    effect.patch(client, [
      ['workspaces', ws, 'members'],
      ['channels', 'members'],
    ])
    const renamed = { ...una, displayName: 'Una Ng', avatarPath: 'u/a.png' }
    expect(client.getQueryData(['workspaces', ws, 'members'])).toEqual([renamed, bo])
    expect(client.getQueryData(['channels', 'members', 'c1'])).toEqual([renamed])
    expect(client.getQueryData(['channels', 'members', 'c2'])).toEqual([bo])
  })

  it('marks the person’s kept profile stale, so a DM opened later reads their new time zone', async () => {
    const client = testQueryClient()
    const key = ['profiles', 'one', 'u']
    client.setQueryData(key, { id: 'u', displayName: 'Una', timeZone: null })
    client.setQueryData(['profiles', 'one', 'b'], { id: 'b', displayName: 'Bo', timeZone: null })
    for (const record of [{ id: 'u', display_name: 'Una' }, { id: 'u' }]) {
      await client.resetQueries({ queryKey: key, exact: true })
      client.setQueryData(key, { id: 'u', displayName: 'Una', timeZone: null })
      expect(client.getQueryState(key)?.isInvalidated).toBe(false)
      for (const effect of effectsOf(change('profiles', 'UPDATE', record), ws))
        if (effect.kind === 'person') effect.patch(client, [])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true)
    }
    expect(client.getQueryState(['profiles', 'one', 'b'])?.isInvalidated).toBe(false)
  })
})
