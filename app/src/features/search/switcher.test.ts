import { describe, expect, it } from 'vitest'
import { matchSwitcher, touchRecent } from './switcher.ts'
import type { SwitcherItem } from './switcher.ts'

const items: SwitcherItem[] = [
  { key: 'channel:1', kind: 'channel', label: 'general', id: '1' },
  { key: 'channel:2', kind: 'channel', label: 'engineering', id: '2' },
  { key: 'channel:3', kind: 'dm', label: 'Carol Díaz', id: '3' },
  { key: 'person:4', kind: 'person', label: 'Dave Okafor', id: '4' },
  { key: 'channel:5', kind: 'channel', label: 'random', id: '5' },
]
const labels = (list: SwitcherItem[]) => list.map((i) => i.label)

describe('matchSwitcher', () => {
  it('finds any part of a name, ignoring accents, case and a leading # or @', () => {
    expect(labels(matchSwitcher(items, 'DIAZ', []))).toEqual(['Carol Díaz'])
    expect(labels(matchSwitcher(items, '#neer', []))).toEqual(['engineering'])
    expect(labels(matchSwitcher(items, '@oka', []))).toEqual(['Dave Okafor'])
    expect(matchSwitcher(items, 'zzz', [])).toEqual([])
  })

  it('puts recent ones first, then names starting with the text', () => {
    expect(labels(matchSwitcher(items, 'r', ['channel:5']))).toEqual([
      'random',
      'Carol Díaz',
      'Dave Okafor',
      'engineering',
      'general',
    ])
    expect(labels(matchSwitcher(items, 'ra', []))).toEqual(['random', 'general'])
    expect(labels(matchSwitcher(items, '', ['channel:2', 'channel:3'], 3))).toEqual([
      'engineering',
      'Carol Díaz',
      'Dave Okafor',
    ])
  })
})

describe('touchRecent', () => {
  it('moves a key to the front without duplicates, keeping at most 20', () => {
    expect(touchRecent(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b'])
    const many = Array.from({ length: 20 }, (_, i) => `k${i}`)
    expect(touchRecent(many, 'new')).toHaveLength(20)
  })
})
