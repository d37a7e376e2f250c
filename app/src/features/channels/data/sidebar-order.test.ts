import { describe, expect, it } from 'vitest'
import { channelAfter, sidebarSections } from './sidebar-order.ts'
import { testChannel } from './channel.test-support.ts'
import type { SectionRow } from '../../sections/index.ts'

const person = (id: string, displayName: string) => ({ id, displayName, avatarPath: null })
const channels = [
  testChannel('random'),
  testChannel('dm-zoe', {
    kind: 'dm',
    name: null,
    dmMembers: [person('me', 'Me'), person('z', 'Zoe')],
  }),
  testChannel('general', { isDefault: true }),
  testChannel('old', { archivedAt: '2026-01-01T00:00:00Z' }),
  testChannel('secret', { kind: 'private' }),
  testChannel('dm-al', {
    kind: 'dm',
    name: null,
    dmMembers: [person('me', 'Me'), person('a', 'Al')],
  }),
]

describe('sidebar order', () => {
  it('open channels by name, then conversations by who is in them; archived ones left out', () => {
    const { rooms, dms } = sidebarSections(channels, 'me')
    expect(rooms.map((c) => c.id)).toEqual(['general', 'random', 'secret'])
    expect(dms.map((c) => c.id)).toEqual(['dm-al', 'dm-zoe'])
  })

  it('Alt+Up/Down walk that order, across the two lists, and stop at the ends', () => {
    const after = (id: string | null, step: 1 | -1) => channelAfter(channels, 'me', id, step)?.id
    expect(after('general', 1)).toBe('random')
    expect(after('secret', 1)).toBe('dm-al')
    expect(after('dm-al', -1)).toBe('secret')
    expect(after('general', -1)).toBeUndefined()
    expect(after('dm-zoe', 1)).toBeUndefined()
    expect(after('old', 1)).toBe('general')
    expect(after('old', -1)).toBeUndefined()
  })

  it('direct messages most recent first by default, channels by name; either sorted as chosen', () => {
    const at = (id: string, activeAt: string | null) => ({
      ...channels.find((c) => c.id === id)!,
      activeAt,
    })
    const active = [
      at('general', '2026-11-29T09:00:00+00:00'),
      at('random', '2026-11-29T10:00:00.5+00:00'),
      at('dm-al', '2026-11-28T10:00:00+00:00'),
      // a conversation just opened, nothing written yet: when it was made
      at('dm-zoe', '2026-11-29T10:00:00+00:00'),
    ]
    const order = (rows?: SectionRow[]) => {
      const out: string[] = []
      let id: string | null = null
      for (;;) {
        const next = channelAfter(active, 'me', id, 1, rows)
        if (!next) return out
        out.push(next.id)
        id = next.id
      }
    }
    expect(order()).toEqual(['general', 'random', 'dm-zoe', 'dm-al'])
    const sorted = (kind: 'channels' | 'dms', sort: 'alpha' | 'recent'): SectionRow => ({
      id: kind,
      kind,
      name: null,
      position: kind === 'dms' ? 2e6 : 1e6,
      collapsed: false,
      sort,
      sidebar_placements: [],
    })
    expect(order([sorted('dms', 'alpha'), sorted('channels', 'recent')])).toEqual([
      'random',
      'general',
      'dm-al',
      'dm-zoe',
    ])
  })
})
