// Where a dragged channel lands: before or after the one it is over, at the end of a section it
// is over as a whole, where it sorts in Channels and Direct messages, and nowhere that does not
// take it.
import { describe, expect, it } from 'vitest'
import { moved, ZONE } from './drag.ts'

const sections = [
  { key: 's1', kind: 'custom' },
  { key: 'channels', kind: 'channels' },
  { key: 'dms', kind: 'dms' },
]
const lists = { s1: ['a', 'x', 'b'], channels: ['c', 'e'], dms: ['d1'] }
const x = { id: 'x', kind: 'public' as const }
const label = (id: string) => id

describe('moved', () => {
  it('puts it before the one it is over, or after it past its middle', () => {
    expect(moved(lists, sections, x, 'b', label)).toEqual({ key: 's1', list: ['a', 'x', 'b'] })
    expect(moved(lists, sections, x, 'b', label, true)).toEqual({
      key: 's1',
      list: ['a', 'b', 'x'],
    })
    expect(moved(lists, sections, x, 'a', label)).toEqual({ key: 's1', list: ['x', 'a', 'b'] })
  })
  it('puts it last in a section it is over as a whole', () => {
    const from = { ...lists, s1: ['a', 'b'], channels: ['c', 'x', 'e'] }
    expect(moved(from, sections, x, `${ZONE}s1`, label)).toEqual({
      key: 's1',
      list: ['a', 'b', 'x'],
    })
  })
  it('sorts it by name in Channels, wherever it is over', () => {
    expect(moved(lists, sections, x, 'c', label)).toEqual({
      key: 'channels',
      list: ['c', 'e', 'x'],
    })
    expect(moved(lists, sections, { id: 'd', kind: 'public' }, 'e', label, true)).toEqual({
      key: 'channels',
      list: ['c', 'd', 'e'],
    })
  })
  it('takes no channel into Direct messages, no DM into Channels', () => {
    expect(moved(lists, sections, x, 'd1', label)).toBeNull()
    expect(moved(lists, sections, { id: 'd2', kind: 'dm' }, 'c', label)).toBeNull()
    expect(moved(lists, sections, { id: 'd2', kind: 'dm' }, 'a', label)?.key).toBe('s1')
  })
})
