// PostgREST's errors for /rpc calls it cannot resolve, as 12/13 word them (Error.hs): PGRST203
// listing the candidates in its order, PGRST202 with what was searched for (by the body's kind)
// and noRpcHint's suggestion (a close function name, or a close parameter list of the overloads),
// and the 12/13 behaviours kept: a single named json parameter chosen for any JSON body, and
// Prefer: params=single-object ignored. Cases follow PostgREST's RpcSpec.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { OVERLOAD_MIGRATIONS } from './rpc-fixture.ts'
import { useStack } from './support.ts'

const t = useStack({ migrations: OVERLOAD_MIGRATIONS })

const AMBIGUOUS_HINT =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved'

function post(path: string, body: string, contentType = 'application/json', headers = {}) {
  return rest(t.stack, path, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  })
}

describe('PGRST203: more than one candidate', () => {
  it('lists the candidates in PostgREST’s order: fewer parameters first, then by their types', async () => {
    const r = await rest(t.stack, '/rpc/overloaded_same_args?arg=value')
    expect(r.status).toBe(300)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(r.json()).toEqual({
      code: 'PGRST203',
      details: null,
      hint: AMBIGUOUS_HINT,
      message:
        'Could not choose the best candidate function between: public.overloaded_same_args(arg => integer), public.overloaded_same_args(arg => xml), public.overloaded_same_args(arg => text, num => integer)',
    })
  })

  it('between two single unnamed json and jsonb parameters, through supabase-js', async () => {
    const { error, status } = await t.db.rpc('overloaded_unnamed_json_jsonb_param', { A: 1 })
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: AMBIGUOUS_HINT,
      message:
        'Could not choose the best candidate function between: public.overloaded_unnamed_json_jsonb_param( => json), public.overloaded_unnamed_json_jsonb_param( => jsonb)',
    })
  })
})

describe('PGRST202: no candidate', () => {
  it('hints the closest function name, without the json fallback in the details of a GET', async () => {
    const r = await rest(t.stack, '/rpc/sayhell')
    expect(r.status).toBe(404)
    expect(r.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.sayhell without parameters, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.sayhello',
      message: 'Could not find the function public.sayhell without parameters in the schema cache',
    })
  })

  it('hints the closest parameter list of the overloads, or nothing when none is close', async () => {
    expect((await rest(t.stack, '/rpc/sayhello?nam=Peter')).json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.sayhello with parameter nam, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.sayhello(name)',
      message: 'Could not find the function public.sayhello(nam) in the schema cache',
    })
    expect((await rest(t.stack, '/rpc/add_them?a=1&b=2&smthelse=blabla')).json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.add_them with parameters a, b, smthelse, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
      message: 'Could not find the function public.add_them(a, b, smthelse) in the schema cache',
    })
    expect((await rest(t.stack, '/rpc/overloaded?wrong_arg=value')).json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.overloaded with parameter wrong_arg, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.overloaded(wrong_arg) in the schema cache',
    })
    const close = await rest(t.stack, '/rpc/overloaded?a=1&b=2&wrong_arg=value')
    expect(close.json()).toMatchObject({
      hint: 'Perhaps you meant to call the function public.overloaded(a, b, c)',
      message: 'Could not find the function public.overloaded(a, b, wrong_arg) in the schema cache',
    })
  })

  it('names the json fallback for a JSON body, and hints by name a function it cannot call', async () => {
    // unnamed_int_param(int) is not in PostgREST's schema cache: a single unnamed parameter of a
    // type no body can be.
    const { error, status } = await t.db.rpc('unnamed_int_param', { x: 1, y: 2 })
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.unnamed_int_param with parameters x, y or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.unnamed_text_param',
      message: 'Could not find the function public.unnamed_int_param(x, y) in the schema cache',
    })
    const times = await rest(t.stack, '/rpc/times')
    expect(times.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.times without parameters, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.times without parameters in the schema cache',
    })
  })

  it('for a raw body: only the single unnamed parameter searched for, and no hint', async () => {
    const cases = [
      ['text/plain', 'text'],
      ['text/xml', 'xml'],
      ['application/octet-stream', 'bytea'],
    ] as const
    for (const [type, pgType] of cases) {
      const r = await post('/rpc/unnamed_int_param', 'a simple text', type)
      expect(r.status).toBe(404)
      expect(r.json()).toEqual({
        code: 'PGRST202',
        details: `Searched for the function public.unnamed_int_param with a single unnamed ${pgType} parameter, but no matches were found in the schema cache.`,
        hint: null,
        message: 'Could not find the function public.unnamed_int_param in the schema cache',
      })
    }
  })

  it('for a CSV body: the header’s names, without the json fallback', async () => {
    const r = await post('/rpc/overloaded_unnamed_param', 'a,b\n1,2\n4,6', 'text/csv')
    expect(r.status).toBe(404)
    expect(r.json()).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.overloaded_unnamed_param with parameters a, b, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.overloaded_unnamed_param(x, y)',
      message:
        'Could not find the function public.overloaded_unnamed_param(a, b) in the schema cache',
    })
  })

  it('cannot pass names to unnamed parameters', async () => {
    const { error, status } = await t.db.rpc('times', { a: 2 })
    expect(status).toBe(404)
    expect(error?.message).toBe('Could not find the function public.times(a) in the schema cache')
  })
})

describe('PostgREST 12/13 quirks kept', () => {
  it('chooses a single named json parameter for any JSON body, then calls it without it', async () => {
    // hasSingleUnnamedParam does not look at the name until PostgREST 14.
    const { error, status } = await t.db.rpc('named_json_param', { A: 1 })
    expect(status).toBe(404)
    expect(error).toEqual({
      code: '42883',
      details: null,
      hint: 'No function matches the given name and argument types. You might need to add explicit type casts.',
      message: 'function public.named_json_param() does not exist',
    })
    expect((await t.db.rpc('named_json_param', { data: { A: 1 } })).data).toEqual({ A: 1 })
  })

  it('ignores Prefer: params=single-object (removed in 13), refusing it with handling=strict', async () => {
    const lenient = await post('/rpc/add_them', '{"a": 1, "b": 2}', 'application/json', {
      prefer: 'params=single-object',
    })
    expect(lenient.json()).toBe(3)
    const strict = await post('/rpc/add_them', '{"a": 1, "b": 2}', 'application/json', {
      prefer: 'params=single-object, handling=strict',
    })
    expect(strict.status).toBe(400)
    expect(strict.json()).toEqual({
      code: 'PGRST122',
      details: 'Invalid preferences: params=single-object',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    })
  })
})
