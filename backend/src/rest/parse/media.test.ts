// Accept negotiation as PostgREST 12/13's: wai-extra's parseHttpAccept, decodeMediaType and toMime.
import { describe, expect, it } from 'vitest'
import { RestError } from '../errors.ts'
import { contentTypeOf, negotiate } from './media.ts'

describe('media types', () => {
  const offered = ['json', 'object', 'csv', 'geojson'] as const
  it.each([
    [undefined, 'json', false],
    ['*/*', 'json', false],
    ['application/json', 'json', false],
    ['application/vnd.pgrst.object+json', 'object', false],
    ['application/vnd.pgrst.object+json;nulls=stripped', 'object', true],
    ['application/vnd.pgrst.array+json;nulls=stripped', 'json', true],
    ['text/csv', 'csv', false],
    ['text/html;q=0.9, text/csv', 'csv', false],
    // parseHttpAccept's specificity: `;` count less `*` count, at equal q-values.
    ['*/*, text/csv', 'csv', false],
    ['application/json, text/csv;charset=utf-8', 'csv', false],
    ['application/json, text/csv', 'json', false],
    ['text/csv;q=0', 'csv', false],
    ['application/geo+json', 'geojson', false],
    // decodeMediaType: nulls=stripped only as the one parameter; other parameters ignored.
    ['application/vnd.pgrst.array+json;nulls=stripped;charset=utf-8', 'json', false],
    ['application/json;nulls=stripped', 'json', false],
    ['text/csv;nulls=stripped', 'csv', false],
    // An empty element (a trailing comma) decodes as */*.
    ['text/html,', 'json', false],
  ])('%s', (accept, kind, stripNulls) => {
    expect(negotiate(accept, [...offered])).toEqual({ kind, stripNulls })
  })

  it('answers geo+json only where it is offered (tables and set-returning functions)', () => {
    expect(contentTypeOf(negotiate('application/geo+json', [...offered]))).toBe(
      'application/geo+json; charset=utf-8'
    )
    expect(thrown(() => negotiate('application/geo+json', ['json', 'object'])).status).toBe(406)
  })

  it('reads an empty header as no type at all: 406 listing none (parseHttpAccept "")', () => {
    expect(thrown(() => negotiate('', [...offered])).body).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: ',
    })
  })

  it('matches type names case and all, as decodeMediaType does', () => {
    expect(thrown(() => negotiate('Application/JSON', [...offered])).body).toMatchObject({
      message: 'None of these media types are available: Application/JSON',
    })
  })

  it('names the refused types by PostgREST’s names (toMime), parameters dropped', () => {
    // The root offers neither the vendored types nor CSV.
    const refused = thrown(() =>
      negotiate(
        'application/vnd.pgrst.object, application/vnd.pgrst.array+json;nulls=stripped, text/csv;charset=utf-8, application/vnd.pgrst.plan;for="application/vnd.pgrst.array";options=wal|analyze',
        ['openapi', 'json']
      )
    )
    expect(refused.body).toMatchObject({
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|wal, application/vnd.pgrst.array+json;nulls=stripped, text/csv, application/vnd.pgrst.object+json',
    })
  })

  it('refuses what it cannot produce with 406 PGRST107', () => {
    const result = thrown(() => negotiate('text/html, application/xml', [...offered]))
    expect(result).toBeInstanceOf(RestError)
    expect(result.status).toBe(406)
    expect(result.body).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: text/html, application/xml',
    })
  })
})

/** The RestError `fn` throws. */
function thrown(fn: () => unknown): RestError {
  try {
    fn()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a RestError')
}
