import { describe, expect, it } from 'vitest'
import { forwardOf, mayOpenOriginal, originalPath } from './forward.ts'

const row = {
  id: 'f1',
  channel_id: 'c2',
  workspace_id: 'w1',
  source_message_id: 'm1',
  source_channel_id: 'c1',
  source_channel_kind: 'private',
  source_channel_name: null,
  source_parent_id: null,
  source_author_id: 'u1',
  source_author_name: 'Ana',
  source_created_at: '2026-11-28T10:00:00Z',
  body: 'the plan',
  files: [
    {
      id: 'a1',
      path: 'w1/c1/m1/plan.pdf',
      name: 'plan.pdf',
      size: 12,
      mime_type: 'application/pdf',
    },
    { name: 'no path' },
  ],
}

describe('a forward', () => {
  it('reads a row, its files kept as the message shows them', () => {
    const forward = forwardOf(row)!
    expect(forward).toMatchObject({ id: 'f1', sourceChannelKind: 'private', body: 'the plan' })
    expect(forward.files).toEqual([
      {
        id: 'a1',
        messageId: 'f1',
        path: 'w1/c1/m1/plan.pdf',
        name: 'plan.pdf',
        size: 12,
        mime: 'application/pdf',
        width: null,
        height: null,
      },
    ])
    expect(forwardOf({ ...row, source_channel_kind: 'secret' })).toBeNull()
    expect(forwardOf({ ...row, id: 1 })).toBeNull()
  })

  it('links to the original at its place, or its thread for a reply', () => {
    const forward = forwardOf(row)!
    expect(originalPath(forward)).toBe('/w/w1/c/c1/m/m1')
    expect(originalPath({ ...forward, sourceParentId: 'p1' })).toBe('/w/w1/c/c1/t/p1')
    expect(originalPath({ ...forward, sourceMessageId: null })).toBeNull()
  })

  it('opens for the channel’s members, and a public one for a full member', () => {
    const forward = forwardOf(row)!
    expect(mayOpenOriginal(forward, new Set(['c1']), false)).toBe(true)
    expect(mayOpenOriginal(forward, new Set(), true)).toBe(false)
    const pub = { ...forward, sourceChannelKind: 'public' as const }
    expect(mayOpenOriginal(pub, new Set(), true)).toBe(true)
    expect(mayOpenOriginal(pub, new Set(), false)).toBe(false)
    expect(mayOpenOriginal({ ...pub, sourceChannelId: null }, new Set(), true)).toBe(false)
  })
})
