// Function calls through supabase-js rpc(): argument passing, result shapes, read-only
// transactions by volatility, headers and status set by functions, and PostgREST's errors.
import { describe, expect, it } from 'vitest'
import { ALICE, rest, userClient } from './fixture.ts'
import { useStack } from './support.ts'

const t = useStack()

describe('arguments', () => {
  it('passes named arguments by POST and by GET', async () => {
    expect(await t.db.rpc('add_them', { a: 1, b: 2 })).toMatchObject({
      status: 200,
      data: 3,
      error: null,
    })
    expect(await t.db.rpc('add_them', { a: 40, b: 2 }, { get: true })).toMatchObject({ data: 42 })
  })

  it('uses parameter defaults and passes a body to a single unnamed json parameter', async () => {
    expect((await t.db.rpc('greet')).data).toBe('hello world')
    expect((await t.db.rpc('greet', { name: 'you' })).data).toBe('hello you')
    expect((await t.db.rpc('echo', { anything: [1, { two: 2 }] })).data).toEqual({
      anything: [1, { two: 2 }],
    })
  })

  it('passes variadic arguments as an array or repeated query parameters', async () => {
    expect((await t.db.rpc('sum_all', { nums: [1, 2, 3] })).data).toBe(6)
    expect((await t.db.rpc('sum_all', { nums: 9 }, { get: true })).data).toBe(9)
    const r = await rest(t.stack, '/rpc/sum_all?nums=1&nums=2&nums=3')
    expect(r.json()).toBe(6)
  })

  it('reports an unknown function or argument set with 404 PGRST202', async () => {
    const { error, status } = await t.db.rpc('add_them', { a: 1 })
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.add_them with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
      message: 'Could not find the function public.add_them(a) in the schema cache',
    })
    const missing = await t.db.rpc('add_thme', {})
    expect(missing.error?.message).toBe(
      'Could not find the function public.add_thme without parameters in the schema cache'
    )
    expect(missing.error?.hint).toBe('Perhaps you meant to call the function public.add_them')
  })

  it('reports ambiguous overloads with 300 PGRST203 and resolves by argument names', async () => {
    const { error, status } = await t.db.rpc('overloaded', { a: 1 })
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)',
    })
    expect((await t.db.rpc('overloaded', { a: 1, b: 2 })).data).toBe('two')
  })

  it('reports bad argument values with PostgreSQL’s error', async () => {
    const { error, status } = await t.db.rpc('add_them', { a: 1, b: 'x' })
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })
})

describe('results', () => {
  it('filters, orders, limits and embeds over set-returning functions', async () => {
    const { data, error } = await t.db
      .rpc('films_by_year', { since: 1896 })
      .select('title, year, directors(last_name)')
      .lt('year', 1904)
      .order('year', { ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'A Trip to the Moon', year: 1902, directors: { last_name: 'Méliès' } },
      { title: 'The Cabbage Fairy', year: 1896, directors: { last_name: 'Guy' } },
    ])
    const page = await t.db
      .rpc('films_by_year', { since: 1800 }, { count: 'exact' })
      .select('id')
      .order('id')
      .range(0, 1)
    expect(page).toMatchObject({ status: 206, count: 4, data: [{ id: 1 }, { id: 2 }] })
    const head = await t.db.rpc('films_by_year', { since: 1900 }, { head: true, count: 'exact' })
    expect(head).toMatchObject({ status: 200, count: 2, data: null })
  })

  it('returns TABLE functions as rows and SETOF scalars as an array', async () => {
    expect((await t.db.rpc('director_stats').eq('director_id', 2)).data).toEqual([
      { director_id: 2, films: 2 },
    ])
    expect((await t.db.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3])
    expect((await t.db.rpc('numbers', { n: 5 }).gt('numbers', 3)).data).toEqual([4, 5])
  })

  it('returns a single composite as an object and void as 204', async () => {
    const { data } = await t.db.rpc('add_item', { id: 200, name: 'from rpc' })
    expect(data).toEqual({ id: 200, name: 'from rpc', price: 0, stock: 10, note: null })
    const obj = await t.db.rpc('add_item', { id: 201, name: 'single' }).single()
    expect(obj.data).toMatchObject({ id: 201 })
    expect(await t.db.rpc('noop')).toMatchObject({ status: 204, data: null, error: null })
  })

  it('honours response.status and response.headers set by the function', async () => {
    const r = await rest(t.stack, '/rpc/teapot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(r.status).toBe(418)
    expect(r.headers.get('x-tea')).toBe('earl grey')
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.json()).toEqual({ brewing: true })
  })

  it('maps raised errors: P0001 400, PTxxx status, RAISE SQLSTATE PGRST', async () => {
    expect(await t.db.rpc('fail')).toMatchObject({
      status: 400,
      error: { code: 'P0001', details: null, hint: 'do not call', message: 'it failed' },
    })
    expect(await t.db.rpc('pay')).toMatchObject({
      status: 402,
      error: { code: 'PT402', details: null, hint: null, message: 'Payment Required' },
    })
    const custom = await rest(t.stack, '/rpc/custom_error', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(custom.status).toBe(409)
    expect(custom.headers.get('x-reason')).toBe('custom')
    expect(custom.json()).toEqual({
      code: '123',
      details: 'More',
      hint: 'Try later',
      message: 'Custom',
    })
  })
})

describe('transactions', () => {
  it('runs GET calls read-only: a volatile function that writes fails with 405', async () => {
    const { error, status } = await t.db.rpc('add_item', { id: 210, name: 'nope' }, { get: true })
    expect(status).toBe(405)
    expect(error).toEqual({
      code: '25006',
      details: null,
      hint: null,
      message: 'cannot execute INSERT in a read-only transaction',
    })
    expect(await t.stack.sql`select 1 from items where id = 210`).toHaveLength(0)
  })

  it('runs stable functions read-only even by POST, volatile ones read-write', async () => {
    expect((await t.db.rpc('whoami')).data).toMatchObject({ read_only: 'on' })
    expect((await t.db.rpc('touch_items')).status).toBe(200)
  })

  it('publishes the request to SQL: role, claims, method, path, headers, role settings', async () => {
    const anon = (await t.db.rpc('whoami')).data
    expect(anon).toMatchObject({
      role: 'anon',
      sub: null,
      method: 'POST',
      path: '/rpc/whoami',
      apikey: t.stack.anonKey,
      timeout: '3s',
      search_path: '"public", "extensions"',
    })
    const user = await userClient(t.stack, ALICE)
    const signedIn = (await user.rpc('whoami', {}, { get: true })).data
    expect(signedIn).toMatchObject({
      role: 'authenticated',
      sub: ALICE,
      method: 'GET',
      timeout: '8s',
    })
  })

  it('sets the time zone from Prefer: timezone', async () => {
    const r = await rest(t.stack, '/rpc/whoami', {
      headers: { prefer: 'timezone=America/New_York' },
    })
    expect(r.json()).toMatchObject({ timezone: 'America/New_York' })
    expect(r.headers.get('preference-applied')).toBe('timezone=America/New_York')
    const bad = await rest(t.stack, '/rpc/whoami', { headers: { prefer: 'timezone=Mars/Olympus' } })
    expect(bad.json()).toMatchObject({ timezone: 'Etc/UTC' })
  })

  it('refuses PATCH on a function with PGRST101', async () => {
    const r = await rest(t.stack, '/rpc/add_them', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(r.status).toBe(405)
    expect(r.json()).toEqual({
      code: 'PGRST101',
      details: null,
      hint: null,
      message: 'Cannot use the PATCH method on RPC',
    })
  })
})
