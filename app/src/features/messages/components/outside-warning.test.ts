// Who a sent message's unresolved "@word"s name outside the channel: a member of it is never
// "outside" (the activity e2e found "@Ana" for Ana, in #general, said to be outside it).
import { describe, expect, it } from 'vitest'
import { outsidePeople } from './outside-warning.tsx'

const ana = { id: 'a', name: 'Ana Lima' }
const bo = { id: 'b', name: 'Bo Chen' }

describe('outsidePeople', () => {
  it('finds workspace members by first or full name, leaving out the channel members', () => {
    expect(outsidePeople(['Ana', 'Bo'], [ana, bo], [ana])).toEqual([bo])
    expect(outsidePeople(['Bo Chen'], [ana, bo], [])).toEqual([bo])
    expect(outsidePeople(['Ana'], [ana, bo], [ana])).toEqual([])
    expect(outsidePeople(['Nobody'], [ana, bo], [])).toEqual([])
  })
})
