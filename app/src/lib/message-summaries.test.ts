import { afterEach, describe, expect, it } from 'vitest'
import { forgetSummaries, rememberMove, summariesBetween } from './message-summaries.ts'

afterEach(forgetSummaries)

const move = (seqs: [number, string, string[] | null][]) => ({
  id: 'c1',
  new_messages: seqs.map(([seq, author_id, mentions]) => ({ seq, author_id, mentions })),
})

describe('what the live moves said of new messages', () => {
  it('gives the summaries of a range it covers, across moves', () => {
    rememberMove(move([[5, 'a', ['me']]]))
    rememberMove(
      move([
        [6, 'b', []],
        [7, 'a', ['me', 'you']],
      ])
    )
    expect(summariesBetween('c1', 4, 7)).toEqual([
      { seq: 5, authorId: 'a', mentions: ['me'] },
      { seq: 6, authorId: 'b', mentions: [] },
      { seq: 7, authorId: 'a', mentions: ['me', 'you'] },
    ])
    expect(summariesBetween('c1', 7, 7)).toEqual([])
  })

  it('says nothing of a range with a gap (a missed move); too many mentioned is null', () => {
    rememberMove(move([[5, 'a', ['me']]]))
    rememberMove(move([[7, 'a', []]]))
    expect(summariesBetween('c1', 4, 7)).toBeNull()
    rememberMove(move([[8, 'a', null]]))
    expect(summariesBetween('c1', 7, 8)).toEqual([{ seq: 8, authorId: 'a', mentions: null }])
    expect(summariesBetween('c2', 0, 1)).toBeNull()
  })

  it('a move with no list (too many at once) leaves nothing to count from', () => {
    rememberMove({ id: 'c1', new_messages: null })
    expect(summariesBetween('c1', 0, 30)).toBeNull()
  })

  it('keeps the newest 50 per channel', () => {
    rememberMove(move(Array.from({ length: 60 }, (_, i) => [i + 1, 'a', []])))
    expect(summariesBetween('c1', 10, 60)).toHaveLength(50)
    expect(summariesBetween('c1', 9, 60)).toBeNull()
  })
})
