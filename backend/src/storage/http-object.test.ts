import { describe, expect, it } from 'vitest'
import {
  contentDisposition,
  isNotModified,
  parseRange,
  rangeStillValid,
  servedContentType,
} from './http-object.ts'

describe('parseRange', () => {
  it.each([
    [undefined, 100, { kind: 'none' }],
    ['bytes=0-9', 100, { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=90-500', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-500', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=9-0', 100, { kind: 'none' }],
    ['bytes=0-1,5-6', 100, { kind: 'none' }],
    ['items=0-1', 100, { kind: 'none' }],
    ['bytes=-', 100, { kind: 'none' }],
  ] as const)('%j of %d bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected)
  })
})

describe('conditional requests', () => {
  const modified = new Date('2024-05-01T10:00:00.500Z')

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(isNotModified({ 'if-none-match': '"a"' }, '"a"', modified)).toBe(true)
    expect(isNotModified({ 'if-none-match': '"b", W/"a"' }, '"a"', modified)).toBe(true)
    expect(isNotModified({ 'if-none-match': '*' }, '"a"', modified)).toBe(true)
    expect(isNotModified({ 'if-none-match': '"b"' }, '"a"', modified)).toBe(false)
  })

  it('compares If-Modified-Since at the second, and lets If-None-Match win', () => {
    expect(
      isNotModified({ 'if-modified-since': 'Wed, 01 May 2024 10:00:00 GMT' }, '"a"', modified)
    ).toBe(true)
    expect(
      isNotModified({ 'if-modified-since': 'Wed, 01 May 2024 09:59:59 GMT' }, '"a"', modified)
    ).toBe(false)
    expect(isNotModified({ 'if-modified-since': 'garbage' }, '"a"', modified)).toBe(false)
    expect(
      isNotModified(
        { 'if-none-match': '"b"', 'if-modified-since': 'Wed, 01 May 2030 10:00:00 GMT' },
        '"a"',
        modified
      )
    ).toBe(false)
  })

  it('keeps a range only while If-Range still holds', () => {
    expect(rangeStillValid({}, '"a"', modified)).toBe(true)
    expect(rangeStillValid({ 'if-range': '"a"' }, '"a"', modified)).toBe(true)
    expect(rangeStillValid({ 'if-range': '"b"' }, '"a"', modified)).toBe(false)
    expect(rangeStillValid({ 'if-range': 'Wed, 01 May 2024 10:00:00 GMT' }, '"a"', modified)).toBe(
      true
    )
  })
})

describe('headers', () => {
  it('writes the download disposition as Storage does', () => {
    expect(contentDisposition(undefined)).toBeNull()
    expect(contentDisposition('')).toBe('attachment;')
    expect(contentDisposition('a b.pdf')).toBe(
      "attachment; filename=a%20b.pdf; filename*=UTF-8''a%20b.pdf;"
    )
  })

  it('never serves HTML as HTML', () => {
    expect(servedContentType('text/html')).toBe('text/plain')
    expect(servedContentType('text/html; charset=utf-8')).toBe('text/plain')
    expect(servedContentType('image/png')).toBe('image/png')
    expect(servedContentType(undefined)).toBe('application/octet-stream')
  })
})
