import { describe, expect, it } from 'vitest'
import { decodeListCursor, encodeListCursor } from './list-cursor.ts'

describe('list-v2 cursors', () => {
  it("writes Storage's lines, leaving out what is empty, and reads them back", () => {
    const cursor = {
      startAfter: 'docs/a b.txt',
      sortOrder: 'desc',
      sortColumn: 'updated_at',
      sortColumnAfter: '2026-01-01T00:00:50.000Z',
    }
    const text = encodeListCursor(cursor)
    expect(Buffer.from(text, 'base64').toString()).toBe(
      'l:docs/a b.txt\no:desc\nc:updated_at\na:2026-01-01T00:00:50.000Z'
    )
    expect(decodeListCursor(text)).toEqual(cursor)
    expect(Buffer.from(encodeListCursor({ startAfter: 'x' }), 'base64').toString()).toBe('l:x')
    // Read as Storage reads it: the order is "asc" unless the cursor says otherwise.
    expect(decodeListCursor(encodeListCursor({ startAfter: 'x' }))).toEqual({
      startAfter: 'x',
      sortOrder: 'asc',
    })
  })

  it('refuses what Storage cannot read, and times or NULs PostgreSQL would fail on', () => {
    for (const lines of ['', 'x:1', 'l:a\nq:b', 'l:a\na:yesterday', 'l:a\u0000', ' :a']) {
      expect(() => decodeListCursor(Buffer.from(lines).toString('base64'))).toThrow(
        'Invalid continuation token'
      )
    }
  })
})
