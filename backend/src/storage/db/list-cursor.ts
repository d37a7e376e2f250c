// list-v2's cursor in Storage's own format, so a cursor reads the same on both: base64 of
// "key:value" lines, `l` the name the page ended on (a folder's without its "/"), `o` the sort
// order, `c` the sort column and `a` the ISO time of that column on the last entry (dates only).
// A cursor carries its sort: on the next pages it wins over the request's sortBy.
import { ERRORS } from '../errors.ts'

export interface ListCursor {
  startAfter: string
  sortOrder?: string
  sortColumn?: string
  sortColumnAfter?: string
}

const PARTS: [string, keyof ListCursor][] = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
]

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/

export function encodeListCursor(cursor: ListCursor): string {
  const lines: string[] = []
  for (const [letter, field] of PARTS) {
    const value = cursor[field]
    if (value) lines.push(`${letter}:${value}`)
  }
  return Buffer.from(lines.join('\n'), 'utf8').toString('base64')
}

/**
 * Reads a cursor as Storage does (an order of "asc" unless it says otherwise). Storage answers a
 * cursor it cannot read with a 500 "Internal Server Error"; here it is a 400 that says so, and a
 * date that is no date is refused the same way instead of failing in the database.
 */
export function decodeListCursor(text: string): ListCursor {
  const cursor: ListCursor = { startAfter: '', sortOrder: 'asc' }
  for (const line of Buffer.from(text, 'base64').toString('utf8').split('\n')) {
    const [, letter, value] = /^(\S):(.*)/.exec(line) ?? []
    const field = PARTS.find(([known]) => known === letter)?.[1]
    if (!field || value === undefined || value.includes('\u0000')) {
      throw ERRORS.invalidRequest('Invalid continuation token')
    }
    cursor[field] = value
  }
  const after = cursor.sortColumnAfter
  if (after && (!ISO_TIME.test(after) || Number.isNaN(Date.parse(after)))) {
    throw ERRORS.invalidRequest('Invalid continuation token')
  }
  return cursor
}
