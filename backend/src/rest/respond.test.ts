import { describe, expect, it } from 'vitest'
import { fromPgError, statusOfSqlState } from './errors.ts'
import { contentRange, errorResponse } from './respond.ts'

describe('SQLSTATE to HTTP status', () => {
  it.each([
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23503', 409],
    ['23505', 409],
    ['23502', 400],
    ['22P02', 400],
    ['25006', 405],
    ['25P02', 500],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['42883', 404],
    ['42P01', 404],
    ['42P17', 500],
    ['42703', 400],
    ['53400', 500],
    ['53200', 503],
    ['54000', 413],
    ['55000', 500],
    ['57014', 500],
    ['57P01', 503],
    ['58000', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['PT402', 402],
    ['PT418', 418],
  ])('%s -> %i', (code, status) => {
    expect(statusOfSqlState(code, '', false)).toBe(status)
  })

  it('42501 is 401 for anon (with WWW-Authenticate) and 403 for others', () => {
    const e = { code: '42501', message: 'permission denied for table todos', severity: 'ERROR' }
    const anon = fromPgError(e, true)
    expect(anon.status).toBe(401)
    expect(anon.headers['www-authenticate']).toBe('Bearer')
    expect(fromPgError(e, false).status).toBe(403)
  })

  it('21000 is 400 for pg-safeupdate and 500 otherwise', () => {
    expect(statusOfSqlState('21000', 'DELETE requires a WHERE clause', false)).toBe(400)
    expect(statusOfSqlState('21000', 'more than one row returned by a subquery', false)).toBe(500)
  })

  it("reads RAISE SQLSTATE 'PGRST' errors", () => {
    const e = fromPgError(
      {
        code: 'PGRST',
        message:
          '{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade"}',
        detail: '{"status":402,"headers":{"X-Powered-By":"Nerd"}}',
      },
      false
    )
    expect(errorResponse(e)).toEqual({
      status: 402,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Nerd' },
      body: '{"code":"123","details":"Quota exceeded","hint":"Upgrade","message":"Payment Required"}',
    })
    const bad = fromPgError({ code: 'PGRST', message: 'not json', detail: '{}' }, false)
    expect(bad.status).toBe(500)
    expect(bad.body.code).toBe('PGRST121')
  })

  it('always renders all four keys', () => {
    const e = fromPgError(
      { code: '23505', message: 'duplicate key value violates unique constraint "x"' },
      false
    )
    expect(JSON.parse(errorResponse(e).body)).toEqual({
      code: '23505',
      details: null,
      hint: null,
      message: 'duplicate key value violates unique constraint "x"',
    })
  })
})

describe('Content-Range', () => {
  it.each([
    [0n, 9n, null, '0-9/*'],
    [0n, 9n, 57, '0-9/57'],
    [0n, -1n, null, '*/*'],
    [0n, -1n, 0, '*/0'],
    [5n, 4n, 5, '*/5'],
    [1n, 0n, 3, '*/3'],
  ] as const)('%s-%s of %s', (lower, upper, total, expected) => {
    expect(contentRange(lower, upper, total)).toBe(expected)
  })
})
