// The search query language people know from Slack: words, "exact phrase", -excluded, and the
// filters in:#channel, from:@person, mentions:@person, has:file, has:link, is:thread,
// before:/after:/on: with dates (YYYY-MM-DD). Pure: text in, a plain query or a sentence the
// app can show out; never throws, whatever the text.
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../lib/i18n.ts'

export type FilterKey = 'in' | 'from' | 'mentions' | 'has' | 'is' | 'before' | 'after' | 'on'

/** A filter as typed, where it sits in the text (for chips that remove it). */
export interface FilterToken {
  key: FilterKey
  value: string
  start: number
  end: number
}

export interface SearchQuery {
  /** Words and phrases that must all appear (in the text or a file name), as typed. */
  terms: string[]
  /** Words and phrases that must not appear. */
  excluded: string[]
  /** Which of the terms and excluded were typed in quotes: phrases of whole words, matched
   * exactly (the others are found inside words too, a prefix as one types). */
  phrases: string[]
  /** Channel names without '#' (any of them). */
  inChannels: string[]
  /** People without '@' ('me' is the caller). */
  from: string[]
  mentions: string[]
  hasFile: boolean
  hasLink: boolean
  isThread: boolean
  /** Dates as YYYY-MM-DD: before is exclusive, after is exclusive, on is that day. */
  before: string | null
  after: string | null
  on: string | null
  filters: FilterToken[]
}

export type ParseResult = { ok: true; query: SearchQuery } | { ok: false; error: string }

export const MAX_QUERY_LENGTH = 500
export const MAX_TERMS = 20

const FILTER_KEYS: readonly FilterKey[] = [
  'in',
  'from',
  'mentions',
  'has',
  'is',
  'before',
  'after',
  'on',
]

/** Each filter's examples (syntax: the same in every language). */
const EXAMPLES: Record<FilterKey, readonly string[]> = {
  in: ['in:#general'],
  from: ['from:@alice', 'from:@me'],
  mentions: ['mentions:@me'],
  has: ['has:file', 'has:link'],
  is: ['is:thread'],
  before: ['before:2026-03-31'],
  after: ['after:2026-03-31'],
  on: ['on:2026-03-31'],
}

/** "from:@alice or from:@me", the "or" in the app's language. */
function examplesOf(key: FilterKey): string {
  return new Intl.ListFormat(formatLocale(), { type: 'disjunction' }).format(EXAMPLES[key])
}

export function emptyQuery(): SearchQuery {
  return {
    terms: [],
    excluded: [],
    phrases: [],
    inChannels: [],
    from: [],
    mentions: [],
    hasFile: false,
    hasLink: false,
    isThread: false,
    before: null,
    after: null,
    on: null,
    filters: [],
  }
}

/** Nothing to search for: no words and no filters. */
export function isEmptyQuery(q: SearchQuery): boolean {
  return q.terms.length === 0 && q.excluded.length === 0 && q.filters.length === 0
}

interface Token {
  negated: boolean
  /** The filter key when the token is key:value with a known key. */
  key: FilterKey | null
  text: string
  quoted: boolean
  start: number
  end: number
}

type TokenResult = { ok: true; tokens: Token[] } | { ok: false; error: string }

const SPACE = /\s/u

function tokenize(input: string): TokenResult {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    if (SPACE.test(input[i]!)) {
      i += 1
      continue
    }
    const start = i
    let negated = false
    if (input[i] === '-') {
      negated = true
      i += 1
    }
    let key: FilterKey | null = null
    const colon = /^([a-z]+):/iu.exec(input.slice(i, i + 10))
    if (colon && (FILTER_KEYS as readonly string[]).includes(colon[1]!.toLowerCase())) {
      key = colon[1]!.toLowerCase() as FilterKey
      i += colon[0].length
    }
    let text = ''
    let quoted = false
    if (input[i] === '"' || (key !== null && /^[#@]"/u.test(input.slice(i, i + 2)))) {
      if (input[i] !== '"') i += 1 // a sigil before a quoted name: in:#"my channel"
      const close = input.indexOf('"', i + 1)
      if (close < 0) {
        return { ok: false, error: t`A quotation mark is not closed: add the closing ".` }
      }
      text = input.slice(i + 1, close)
      quoted = true
      i = close + 1
    } else {
      while (i < input.length && !SPACE.test(input[i]!)) {
        text += input[i]
        i += 1
      }
    }
    tokens.push({ negated, key, text, quoted, start, end: i })
  }
  return { ok: true, tokens }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u

/** A real calendar date as YYYY-MM-DD, or null. */
export function parseDate(text: string): string | null {
  const m = DATE.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null
  }
  return y < 1970 || y > 9999 ? null : text
}

function stripSigil(value: string, sigil: string): string {
  return value.startsWith(sigil) ? value.slice(sigil.length) : value
}

function applyFilter(q: SearchQuery, key: FilterKey, raw: string): string | null {
  const value = raw.trim()
  if (value === '' || value === '#' || value === '@') {
    const example = examplesOf(key)
    return t`${key}: needs a value, for example ${example}.`
  }
  switch (key) {
    case 'in':
      q.inChannels.push(stripSigil(value, '#'))
      return null
    case 'from':
      q.from.push(stripSigil(value, '@'))
      return null
    case 'mentions':
      q.mentions.push(stripSigil(value, '@'))
      return null
    case 'has': {
      const v = value.toLowerCase()
      if (v === 'file') q.hasFile = true
      else if (v === 'link') q.hasLink = true
      else {
        const given = clip(value)
        return t`has: takes file or link, not "${given}".`
      }
      return null
    }
    case 'is':
      if (value.toLowerCase() !== 'thread') {
        const given = clip(value)
        return t`is: takes thread, not "${given}".`
      }
      q.isThread = true
      return null
    case 'before':
    case 'after':
    case 'on': {
      const date = parseDate(value)
      if (!date) {
        const example = EXAMPLES[key][0]!.slice(key.length + 1)
        return t`${key}: needs a date like ${example}.`
      }
      const previous = q[key]
      if (previous !== null && previous !== date) {
        return t`${key}: is given twice with different dates.`
      }
      q[key] = date
      return null
    }
  }
}

function clip(text: string): string {
  return text.length > 30 ? `${text.slice(0, 30)}…` : text
}

/** A term as search_messages takes it: a phrase in its double quotes, a word as typed. */
export function sentTerm(q: SearchQuery, text: string): string {
  return q.phrases.includes(text) ? `"${text}"` : text
}

export function parseQuery(input: string): ParseResult {
  if (typeof input !== 'string') return { ok: false, error: t`The search is not text.` }
  if (input.length > MAX_QUERY_LENGTH) {
    const max = MAX_QUERY_LENGTH
    return { ok: false, error: t`The search is too long: at most ${max} characters.` }
  }
  const tokenized = tokenize(input)
  if (!tokenized.ok) return tokenized
  const q = emptyQuery()
  for (const token of tokenized.tokens) {
    if (token.key !== null) {
      if (token.negated) {
        const key = token.key
        return { ok: false, error: t`-${key}: is not supported: leave out the "-".` }
      }
      const error = applyFilter(q, token.key, token.text)
      if (error) return { ok: false, error }
      q.filters.push({ key: token.key, value: token.text, start: token.start, end: token.end })
      continue
    }
    const text = token.quoted ? token.text.trim().replace(/\s+/gu, ' ') : token.text
    if (text === '') continue // a lone "-" or ""
    ;(token.negated ? q.excluded : q.terms).push(text)
    if (token.quoted && !q.phrases.includes(text)) q.phrases.push(text)
  }
  if (q.terms.length + q.excluded.length > MAX_TERMS) {
    const max = MAX_TERMS
    return { ok: false, error: t`Too many words: at most ${max}.` }
  }
  if (q.on !== null && (q.before !== null || q.after !== null)) {
    return { ok: false, error: t`on: cannot be combined with before: or after:.` }
  }
  if (q.before !== null && q.after !== null && q.after >= q.before) {
    const { after, before } = q
    return { ok: false, error: t`No day is after ${after} and before ${before}.` }
  }
  return { ok: true, query: q }
}

/** The text without one filter (a chip's close button). */
export function removeFilter(input: string, filter: FilterToken): string {
  return `${input.slice(0, filter.start)}${input.slice(filter.end)}`.replace(/\s{2,}/gu, ' ').trim()
}

/**
 * The dates as a time range in the viewer's time zone: [from, to). before: is the start of that
 * day, after: the start of the next, on: that whole day.
 */
export function timeRange(q: SearchQuery): { from: Date | null; to: Date | null } {
  const startOf = (date: string, plusDays = 0): Date => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number]
    return new Date(y, m - 1, d + plusDays)
  }
  if (q.on !== null) return { from: startOf(q.on), to: startOf(q.on, 1) }
  return {
    from: q.after !== null ? startOf(q.after, 1) : null,
    to: q.before !== null ? startOf(q.before) : null,
  }
}
