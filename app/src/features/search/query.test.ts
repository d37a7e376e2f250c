import { describe, expect, it } from 'vitest'
import {
  MAX_QUERY_LENGTH,
  isEmptyQuery,
  parseDate,
  parseQuery,
  removeFilter,
  sentTerm,
  timeRange,
} from './query.ts'
import type { SearchQuery } from './query.ts'

function ok(input: string): SearchQuery {
  const result = parseQuery(input)
  if (!result.ok) throw new Error(`expected ${input} to parse: ${result.error}`)
  return result.query
}

function error(input: string): string {
  const result = parseQuery(input)
  if (result.ok) throw new Error(`expected ${input} to be refused`)
  return result.error
}

describe('parseQuery', () => {
  it('reads words, phrases and excluded words', () => {
    const q = ok('deplo  "release  train" -staging -"old build" café')
    expect(q.terms).toEqual(['deplo', 'release train', 'café'])
    expect(q.excluded).toEqual(['staging', 'old build'])
    expect(q.filters).toEqual([])
    // the quoted ones are phrases of whole words: sent in their quotes, the words as typed
    expect(q.phrases).toEqual(['release train', 'old build'])
    expect(q.terms.map((text) => sentTerm(q, text))).toEqual(['deplo', '"release train"', 'café'])
    expect(q.excluded.map((text) => sentTerm(q, text))).toEqual(['staging', '"old build"'])
    expect(sentTerm(ok('"Load message #17 "'), 'Load message #17')).toBe('"Load message #17"')
  })

  it('reads every filter and keeps where it was typed', () => {
    const input =
      'in:#general from:@Carol mentions:@me has:file has:link is:thread after:2026-01-31 before:2026-03-01 x'
    const q = ok(input)
    expect(q.inChannels).toEqual(['general'])
    expect(q.from).toEqual(['Carol'])
    expect(q.mentions).toEqual(['me'])
    expect([q.hasFile, q.hasLink, q.isThread]).toEqual([true, true, true])
    expect([q.after, q.before, q.on]).toEqual(['2026-01-31', '2026-03-01', null])
    expect(q.terms).toEqual(['x'])
    expect(q.filters.map((f) => input.slice(f.start, f.end))).toEqual([
      'in:#general',
      'from:@Carol',
      'mentions:@me',
      'has:file',
      'has:link',
      'is:thread',
      'after:2026-01-31',
      'before:2026-03-01',
    ])
  })

  it('takes filter keys in any case, values without sigils and quoted names', () => {
    const q = ok('IN:random From:carol from:@"Carol Díaz" in:#"big room"')
    expect(q.inChannels).toEqual(['random', 'big room'])
    expect(q.from).toEqual(['carol', 'Carol Díaz'])
  })

  it('treats unknown key:value and URLs as words', () => {
    expect(ok('https://example.com/a:b foo:bar').terms).toEqual([
      'https://example.com/a:b',
      'foo:bar',
    ])
  })

  it('is empty for blank input, a lone dash or empty quotes', () => {
    for (const input of ['', '   ', '-', '""', '- ""']) {
      expect(isEmptyQuery(ok(input))).toBe(true)
    }
    expect(isEmptyQuery(ok('has:file'))).toBe(false)
  })

  it('explains malformed filters', () => {
    expect(error('in:')).toBe('in: needs a value, for example in:#general.')
    expect(error('from:@')).toBe('from: needs a value, for example from:@alice or from:@me.')
    expect(error('has:photo')).toBe('has: takes file or link, not "photo".')
    expect(error('is:open')).toBe('is: takes thread, not "open".')
    expect(error('before:yesterday')).toBe('before: needs a date like 2026-03-31.')
    expect(error('on:2026-02-30')).toBe('on: needs a date like 2026-03-31.')
    expect(error('-in:#general')).toBe('-in: is not supported: leave out the "-".')
    expect(error('"never closed')).toBe('A quotation mark is not closed: add the closing ".')
    expect(error('on:2026-01-02 after:2026-01-01')).toBe(
      'on: cannot be combined with before: or after:.'
    )
    expect(error('after:2026-03-01 before:2026-03-01')).toBe(
      'No day is after 2026-03-01 and before 2026-03-01.'
    )
    expect(error('after:2026-03-01 after:2026-03-02')).toBe(
      'after: is given twice with different dates.'
    )
  })

  it('survives hostile input without throwing', () => {
    const hostile = [
      'x'.repeat(MAX_QUERY_LENGTH + 1),
      '"'.repeat(7),
      '-'.repeat(50),
      "'; drop table messages; --",
      '%_\\ %% __ \\\\',
      '\u0000\u0001\u202e\ufeff',
      '🧨'.repeat(100),
      'in:#"',
      'from:@"',
      ':::: in:: has:: :',
      'a '.repeat(30),
      '\ud800 lone surrogate',
      'constructor:x __proto__:y toString:z',
    ]
    for (const input of hostile) {
      const result = parseQuery(input)
      expect(typeof result.ok).toBe('boolean')
      if (!result.ok) expect(result.error.length).toBeGreaterThan(0)
    }
    expect(error('x'.repeat(MAX_QUERY_LENGTH + 1))).toBe(
      'The search is too long: at most 500 characters.'
    )
    expect(error('a '.repeat(30))).toBe('Too many words: at most 20.')
    const injection = ok("'; drop table messages; --")
    expect(injection.terms).toEqual(["';", 'drop', 'table', 'messages;'])
    expect(injection.excluded).toEqual(['-'])
    expect(ok('%_\\').terms).toEqual(['%_\\'])
    expect(parseQuery(undefined as unknown as string)).toEqual({
      ok: false,
      error: 'The search is not text.',
    })
  })
})

describe('parseDate', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29')
    expect(parseDate('2023-02-29')).toBeNull()
    expect(parseDate('2024-13-01')).toBeNull()
    expect(parseDate('24-01-01')).toBeNull()
    expect(parseDate('1969-12-31')).toBeNull()
  })
})

describe('removeFilter', () => {
  it('takes one filter out of the text', () => {
    const input = 'deploy in:#general from:@me'
    const q = ok(input)
    expect(removeFilter(input, q.filters[0]!)).toBe('deploy from:@me')
    expect(removeFilter(input, q.filters[1]!)).toBe('deploy in:#general')
  })
})

describe('timeRange', () => {
  it('turns dates into local day boundaries', () => {
    expect(timeRange(ok('on:2026-03-31'))).toEqual({
      from: new Date(2026, 2, 31),
      to: new Date(2026, 3, 1),
    })
    expect(timeRange(ok('after:2026-03-31 before:2026-04-05'))).toEqual({
      from: new Date(2026, 3, 1),
      to: new Date(2026, 3, 5),
    })
    expect(timeRange(ok('deploy'))).toEqual({ from: null, to: null })
  })
})
