import { describe, expect, it } from 'vitest'
import { channelAfter, sidebarSections } from './sidebar-order.ts'
import { testChannel } from './channel.test-support.ts'

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
})
