// Overloaded, unnamed, defaulted and variadic functions over /rpc as PostgREST 12/13 resolves and
// calls them (Plan.hs findProc and callPlan, SchemaCache.hs's `callable`): the candidate chosen by
// the names of the arguments (query string, JSON keys, form fields, CSV header, ?columns=), the
// single-parameter fallback by Content-Type, defaults and variadic parameters, and an array body
// as one call per object. The errors are rpc-errors.test.ts. Cases follow PostgREST's RpcSpec.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { OVERLOAD_MIGRATIONS } from './rpc-fixture.ts'
import { useStack } from './support.ts'

const t = useStack({ migrations: OVERLOAD_MIGRATIONS })

function post(path: string, body: string, contentType = 'application/json', headers = {}) {
  return rest(t.stack, path, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  })
}

describe('choosing the overload', () => {
  it('by the names of the arguments, through supabase-js by POST and GET', async () => {
    expect((await t.db.rpc('overloaded')).data).toEqual([1, 2, 3])
    expect((await t.db.rpc('overloaded', {}, { get: true })).data).toEqual([1, 2, 3])
    expect((await t.db.rpc('overloaded', { a: 1, b: 2 }, { get: true })).data).toBe(3)
    expect((await t.db.rpc('overloaded', { a: 1, b: 2, c: 3 }, { get: true })).data).toBe('123')
    expect((await t.db.rpc('overloaded', { a: 'x', b: 'y', c: 'z' })).data).toBe('xyz')
  })

  it('falls back to the single unnamed json parameter when no names fit', async () => {
    const r = await post('/rpc/overloaded', '[{"x": 1, "y": "first"}, {"x": 2, "y": "second"}]')
    expect(r.status).toBe(200)
    expect(r.json()).toEqual([
      { x: 1, y: 'first' },
      { x: 2, y: 'second' },
    ])
    expect((await t.db.rpc('unnamed_json_param', { A: 1, B: 2 })).data).toEqual({ A: 1, B: 2 })
    expect((await t.db.rpc('overloaded_unnamed_param', {})).data).toBe(1)
    expect((await t.db.rpc('overloaded_unnamed_param', { x: 1, y: 2 })).data).toBe(3)
    expect((await t.db.rpc('overloaded_unnamed_param', { A: 1 })).data).toEqual({ A: 1 })
  })

  it('passes a raw body to the single unnamed text, xml or bytea parameter by Content-Type', async () => {
    const text = await post('/rpc/unnamed_text_param', 'unnamed text arg', 'text/plain')
    expect(text.json()).toBe('unnamed text arg')
    const xml = await post('/rpc/unnamed_xml_param', '<note><to>Jane</to></note>', 'text/xml')
    expect(xml.json()).toBe('<note><to>Jane</to></note>')
    const bytes = await post('/rpc/unnamed_bytea_param', 'AB', 'application/octet-stream')
    expect(bytes.json()).toBe('4142')
    const overloaded = await post('/rpc/overloaded_unnamed_param', 'plain', 'text/plain')
    expect(overloaded.json()).toBe('plain')
    const binary = await post('/rpc/overloaded_unnamed_param', 'A', 'application/octet-stream')
    expect(binary.json()).toBe('41')
  })

  it('calls the function without parameters on GET whatever the Content-Type', async () => {
    const r = await rest(t.stack, '/rpc/overloaded_unnamed_param', {
      headers: { 'content-type': 'text/plain' },
    })
    expect(r.status).toBe(200)
    expect(r.json()).toBe(1)
  })

  it('uses the defaults of a function whose parameters all have one', async () => {
    expect((await t.db.rpc('defaults_only')).data).toBe(12)
    expect((await t.db.rpc('defaults_only', {}, { get: true })).data).toBe(12)
    expect((await t.db.rpc('defaults_only', { b: 7 }, { get: true })).data).toBe(17)
    expect((await t.db.rpc('defaults_only', { a: 3, b: 4 })).data).toBe(34)
  })

  it('calls a function with an unnamed defaulted parameter by the names it has', async () => {
    expect((await t.db.rpc('mixed_unnamed', { a: 1 })).data).toBe(6)
    expect((await t.db.rpc('mixed_unnamed', { a: 1 }, { get: true })).data).toBe(6)
  })

  it('gives a single unnamed defaulted parameter the body, not its default (callPlan)', async () => {
    // Chosen by its names (none needed), called with OnePosParam: the JSON body, or a GET's
    // arguments encoded as a JSON object.
    expect((await t.db.rpc('unnamed_text_default')).data).toBe('{}')
    expect((await rest(t.stack, '/rpc/unnamed_text_default')).json()).toBe('{}')
  })

  it('passes variadic arguments: an array by POST, repeated parameters by GET and forms', async () => {
    expect((await t.db.rpc('variadic_param', { v: ['hi', 'hello'] })).data).toEqual(['hi', 'hello'])
    expect((await rest(t.stack, '/rpc/variadic_param')).json()).toEqual([])
    expect((await rest(t.stack, '/rpc/variadic_param?v=hi')).json()).toEqual(['hi'])
    expect((await rest(t.stack, '/rpc/variadic_param?v=hi&v=there')).json()).toEqual([
      'hi',
      'there',
    ])
    const form = await post(
      '/rpc/variadic_param',
      'v=hi&v=there',
      'application/x-www-form-urlencoded'
    )
    expect(form.json()).toEqual(['hi', 'there'])
    const empty = await post('/rpc/variadic_param', '', 'application/x-www-form-urlencoded')
    expect(empty.json()).toEqual([])
  })

  it('requires a variadic parameter without a default', async () => {
    const r = await rest(t.stack, '/rpc/variadic_required')
    expect(r.status).toBe(404)
    expect(r.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.variadic_required without parameters, but no matches were found in the schema cache.',
      // "()" and "(v)" share no gram: no hint.
      hint: null,
      message:
        'Could not find the function public.variadic_required without parameters in the schema cache',
    })
  })

  it('takes the first object of an array body for a single result, each object for a set', async () => {
    const first = await post('/rpc/add_them', '[{"a": 1, "b": 2}, {"a": 4, "b": 6}]')
    expect(first.status).toBe(200)
    expect(first.json()).toBe(3)
    const each = await post('/rpc/numbers_between', '[{"lo": 1, "hi": 2}, {"lo": 5, "hi": 6}]')
    expect(each.json()).toEqual([1, 2, 5, 6])
    const mixed = await post('/rpc/add_them', '[{"a": 1, "b": 2}, {"a": 4}]')
    expect(mixed.status).toBe(400)
    expect(mixed.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'All object keys must match',
    })
  })

  it('reads arguments from a form, from a CSV header, and only the keys ?columns= names', async () => {
    const form = await post('/rpc/add_them', 'a=1&b=2', 'application/x-www-form-urlencoded')
    expect(form.json()).toBe(3)
    const csv = await post('/rpc/add_them', 'a,b\n1,2\n4,6', 'text/csv')
    expect(csv.json()).toBe(3)
    const columns = await post(
      '/rpc/sayhello?columns=name',
      '{"name": "John", "smth": "here", "fake_id": 13}'
    )
    expect(columns.json()).toBe('Hello, John')
  })

  it('passes a char parameter as character varying (ppTypeMaxLength)', async () => {
    const r = await rest(t.stack, '/rpc/char_param?c=abcdefg')
    expect(r.json()).toBe('abcdefg')
  })
})
