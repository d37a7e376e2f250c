import { describe, expect, it } from 'vitest'
import { emojiQueryAt, mentionQueryAt } from './completion-query.ts'

describe('mentionQueryAt', () => {
  it('finds the @query at the caret', () => {
    expect(mentionQueryAt('hello @an', 9)).toEqual({ start: 6, query: 'an' })
    expect(mentionQueryAt('mail a@b', 8)).toBeNull()
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' })
  })

  it('finds the @query at the caret of a long text from the characters before it', () => {
    const long = 'x @Ann y '.repeat(100_000)
    expect(mentionQueryAt(long + '@An', long.length + 3)).toEqual({
      start: long.length,
      query: 'An',
    })
    expect(mentionQueryAt(long + 'no mention', long.length + 10)).toBeNull()
    // a query never reaches back 80 characters: the start of a text read as its start
    expect(mentionQueryAt('@' + 'y'.repeat(79), 80)).toBeNull()
    expect(mentionQueryAt('@Ann Lee', 8)).toEqual({ start: 0, query: 'Ann Lee' })
  })
})

describe('emojiQueryAt', () => {
  it('finds a :query of two characters or more at the caret', () => {
    expect(emojiQueryAt('Shipped! :par', 13)).toEqual({ start: 9, query: 'par' })
    expect(emojiQueryAt(':+1', 3)).toEqual({ start: 0, query: '+1' })
    expect(emojiQueryAt('(:parrot-party', 14)).toEqual({ start: 1, query: 'parrot-party' })
    expect(emojiQueryAt('a :p', 4)).toBeNull()
    // the caret inside the word: what is before it
    expect(emojiQueryAt(':party time', 4)).toEqual({ start: 0, query: 'par' })
  })

  it('finds names in any script', () => {
    expect(emojiQueryAt('gut :herz', 9)).toEqual({ start: 4, query: 'herz' })
    expect(emojiQueryAt(':ハート', 4)).toEqual({ start: 0, query: 'ハート' })
  })

  it('is no emoji inside a word, a time, a smiley, an address or a finished :name:', () => {
    expect(emojiQueryAt('note:pa', 7)).toBeNull()
    expect(emojiQueryAt('at 10:30', 8)).toBeNull()
    expect(emojiQueryAt('hi :)', 5)).toBeNull()
    expect(emojiQueryAt('see http://ex', 13)).toBeNull()
    expect(emojiQueryAt(':smile:', 7)).toBeNull()
    expect(emojiQueryAt(':smile: ', 8)).toBeNull()
  })

  it('reads only the characters before the caret of a long text', () => {
    const long = 'word :smile: '.repeat(100_000)
    expect(emojiQueryAt(long + ':ta', long.length + 3)).toEqual({
      start: long.length,
      query: 'ta',
    })
    expect(emojiQueryAt(':' + 'y'.repeat(39), 40)).toBeNull()
  })
})
