import { describe, expect, it } from 'vitest'
import { RestError } from '../errors.ts'
import { formDecode, parseQueryString } from '../query-string.ts'
import { parseColumnList, parseOrder } from './order.ts'
import { parsePayload, parseCsv } from './payload.ts'
import { appliedPreferences, parsePrefer } from './prefer.ts'
import { parseQueryParams } from './query-params.ts'
import { parseRequest } from './request.ts'

describe('query string', () => {
  it('form-decodes keys and values and keeps repeated keys in order', () => {
    expect(
      parseQueryString(
        'select=title%2Cdirector%3Adirectors%21inner%28last_name%29&a=eq.x+y&a=neq.%C3%A8&flag'
      )
    ).toEqual([
      ['select', 'title,director:directors!inner(last_name)'],
      ['a', 'eq.x y'],
      ['a', 'neq.è'],
      ['flag', null],
    ])
  })

  it('splits on semicolons like http-types and keeps malformed escapes', () => {
    expect(parseQueryString('a=1;b=%zz')).toEqual([
      ['a', '1'],
      ['b', '%zz'],
    ])
    expect(formDecode('%E2%82%AC+%')).toBe('€ %')
  })
})

describe('order', () => {
  it('reads directions, nulls and related orders', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst,rel(x).asc,data->>k.desc')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] } },
      { field: { name: 'c', jsonPath: [] }, nulls: 'first' },
      { relation: 'rel', field: { name: 'x', jsonPath: [] }, direction: 'asc' },
      {
        field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'k', index: false }] },
        direction: 'desc',
      },
    ])
  })

  it('refuses junk', () => {
    expect(() => parseOrder('a.sideways')).toThrow(RestError)
    expect(() => parseOrder('a,')).toThrow(RestError)
  })

  it('reads column lists', () => {
    expect(parseColumnList('"task","done"', 'columns parameter')).toEqual(['task', 'done'])
    expect(parseColumnList('a,b', 'on_conflict parameter')).toEqual(['a', 'b'])
  })
})

describe('Prefer', () => {
  it('reads one comma-joined header, first value of a kind wins', () => {
    expect(parsePrefer('count=exact, return=representation,return=minimal')).toEqual({
      count: 'exact',
      return: 'representation',
      invalid: [],
    })
  })

  it('remembers unknown preferences for handling=strict', () => {
    const prefs = parsePrefer([
      'handling=strict, max-affected=5',
      'foo=bar, count=lots, params=single-object',
    ])
    expect(prefs.handling).toBe('strict')
    expect(prefs.maxAffected).toBe(5)
    expect(prefs.invalid).toEqual(['foo=bar', 'count=lots', 'params=single-object'])
  })

  it('echoes the applied preferences in PostgREST order', () => {
    const prefs = parsePrefer(
      'return=representation, count=exact, resolution=merge-duplicates, tx=rollback'
    )
    expect(
      appliedPreferences(prefs, { resolution: true, return: true, count: true, tx: true })
    ).toBe('resolution=merge-duplicates, return=representation, count=exact, tx=rollback')
  })
})

describe('query parameters', () => {
  it('sorts reserved, embedded and filter keys', () => {
    const params = parseQueryParams(
      'select=id,actors(id)&actors.order=id.desc&actors.limit=2&offset=5&limit=10&or=(a.eq.1,b.eq.2)&actors.not.or=(id.eq.1)&id=gt.1&name=&apikey=x',
      false
    )
    expect(params.select).toHaveLength(2)
    expect(params.filters).toEqual([
      {
        path: [],
        filter: {
          field: { name: 'id', jsonPath: [] },
          expr: { negated: false, operation: { kind: 'op', op: 'gt', value: '1' } },
        },
      },
    ])
    expect(params.order).toEqual([
      { path: ['actors'], terms: [{ field: { name: 'id', jsonPath: [] }, direction: 'desc' }] },
    ])
    expect(params.ranges).toEqual(
      expect.arrayContaining([
        { path: ['actors'], limit: 2n, offset: null },
        { path: [], limit: 10n, offset: 5n },
      ])
    )
    expect(params.logic.map((l) => [l.path, l.tree.type === 'expr' && l.tree.negated])).toEqual([
      [[], false],
      [['actors'], true],
    ])
  })

  it('takes non-filter values of a GET function call as arguments', () => {
    const params = parseQueryParams('a=1&b=eq.2&c=hello world', true)
    expect(params.rpcArgs).toEqual([
      ['a', '1'],
      ['c', 'hello world'],
    ])
    expect(params.filters).toHaveLength(1)
  })

  it('refuses a negative limit with 416', () => {
    expect(() => parseQueryParams('limit=-1', false)).toThrow(/Requested range not satisfiable/)
  })
})

describe('request', () => {
  const raw = (over: object = {}) => ({
    method: 'GET',
    path: '/todos',
    query: '',
    headers: {},
    body: undefined,
    ...over,
  })

  it('chooses the schema by profile header, PGRST106 otherwise', () => {
    expect(
      parseRequest(raw({ headers: { 'accept-profile': 'api' } }), ['public', 'api']).schema
    ).toBe('api')
    expect(
      parseRequest(
        raw({ method: 'POST', headers: { 'content-profile': 'api' }, body: Buffer.from('{}') }),
        ['public', 'api']
      ).schema
    ).toBe('api')
    try {
      parseRequest(raw({ headers: { 'accept-profile': 'secret' } }), ['public', 'api'])
      expect.unreachable()
    } catch (e) {
      expect((e as RestError).status).toBe(406)
      expect((e as RestError).body).toEqual({
        code: 'PGRST106',
        details: null,
        hint: 'Only the following schemas are exposed: public, api',
        message: 'Invalid schema: secret',
      })
    }
  })

  it('maps paths and methods to actions', () => {
    expect(parseRequest(raw({ path: '/' }), ['public']).action).toBe('openapi')
    expect(parseRequest(raw({ path: '/rpc/fn' }), ['public']).target).toEqual({
      kind: 'rpc',
      name: 'fn',
    })
    expect(parseRequest(raw({ path: '/my%20table' }), ['public']).target).toEqual({
      kind: 'relation',
      name: 'my table',
    })
    expect(() => parseRequest(raw({ path: '/a/b' }), ['public'])).toThrow(/Invalid path/)
    expect(() => parseRequest(raw({ path: '/rpc/fn', method: 'PATCH' }), ['public'])).toThrow(
      'Cannot use the PATCH method on RPC'
    )
    expect(() => parseRequest(raw({ method: 'TRACE' }), ['public'])).toThrow(
      'Unsupported HTTP method: TRACE'
    )
  })

  it('reads the Range header for GET', () => {
    expect(parseRequest(raw({ headers: { range: '0-9' } }), ['public']).range).toEqual({
      from: 0n,
      to: 9n,
    })
    expect(parseRequest(raw({ headers: { range: '5-' } }), ['public']).range).toEqual({
      from: 5n,
      to: null,
    })
    expect(() => parseRequest(raw({ headers: { range: '9-1' } }), ['public'])).toThrow(RestError)
  })
})

describe('payloads', () => {
  it('reads JSON objects and arrays with their keys', () => {
    const p = parsePayload(Buffer.from('[{"a":1,"b":2},{"b":3,"a":4}]'), 'application/json', false)
    expect(p).toMatchObject({ kind: 'json', shape: 'array', keys: ['a', 'b'], uniform: true })
    const q = parsePayload(Buffer.from('[{"a":1},{"b":3}]'), undefined, false)
    expect(q).toMatchObject({ uniform: false })
  })

  it('refuses invalid JSON with PGRST102 and treats an empty call body as {}', () => {
    expect(() => parsePayload(Buffer.from('{nope'), 'application/json', false)).toThrow(
      'Empty or invalid json'
    )
    expect(parsePayload(Buffer.alloc(0), 'application/json', true)).toMatchObject({
      shape: 'object',
      keys: [],
    })
  })

  it('converts CSV and form bodies', () => {
    expect(parseCsv('a,b\n1,"x,""y"""\n2,NULL\n')).toEqual([
      { a: '1', b: 'x,"y"' },
      { a: '2', b: null },
    ])
    expect(
      parsePayload(Buffer.from('a=1&b=x+y'), 'application/x-www-form-urlencoded', false)
    ).toMatchObject({
      shape: 'object',
      value: { a: '1', b: 'x y' },
    })
  })

  it('refuses unsupported content types with 415', () => {
    expect(() => parsePayload(Buffer.from('x'), 'text/html', false)).toThrow(RestError)
  })
})
