// postgrest-js's RPC cases (test/rpc.test.ts and the rpc parts of test/basic.test.ts upstream):
// scalar, table and void functions, GET and HEAD calls, counts, filters and transforms on
// set-returning functions, schema switching and the errors PostgREST gives.
import { describe, expect, it } from 'vitest'
import { usePostgrestStack } from './postgrest-fixture.ts'
import { ok } from './postgrest-results.ts'

const t = usePostgrestStack()

describe('rpc', () => {
  it('returns a scalar', async () => {
    const res = await t.postgrest.rpc('get_status', { name_param: 'supabot' })
    expect(res).toEqual({ ...ok, data: 'ONLINE' })
    const none = await t.postgrest.rpc('get_status', { name_param: 'nobody' })
    expect(none).toEqual({ ...ok, data: null })
  })

  it('returns a table, with select, filters and single()', async () => {
    const rows = await t.postgrest.rpc('get_username_and_status', { name_param: 'supabot' })
    expect(rows).toEqual({ ...ok, data: [{ username: 'supabot', status: 'ONLINE' }] })
    const selected = await t.postgrest
      .rpc('get_username_and_status', { name_param: 'supabot' })
      .select('status')
    expect(selected.data).toEqual([{ status: 'ONLINE' }])
    const filtered = await t.postgrest
      .rpc('get_username_and_status', { name_param: 'supabot' })
      .eq('status', 'OFFLINE')
    expect(filtered).toEqual({ ...ok, data: [] })
    const single = await t.postgrest
      .rpc('get_username_and_status', { name_param: 'supabot' })
      .select('username')
      .single()
    expect(single).toEqual({ ...ok, data: { username: 'supabot' } })
  })

  it('a void function answers 204 with no data', async () => {
    const res = await t.postgrest.rpc('void_func')
    expect(res).toEqual({ ...ok, data: null, status: 204, statusText: 'No Content' })
  })

  it('calls with GET, passing arrays as {a,b}', async () => {
    const res = await t.postgrest.rpc('get_status', { name_param: 'kiwicopple' }, { get: true })
    expect(res).toEqual({ ...ok, data: 'OFFLINE' })
    const element = await t.postgrest.rpc(
      'get_array_element',
      { arr: [10, 20, 30], index: 2 },
      { get: true }
    )
    expect(element).toEqual({ ...ok, data: 20 })
    const posted = await t.postgrest.rpc('get_array_element', { arr: [10, 20, 30], index: 3 })
    expect(posted).toEqual({ ...ok, data: 30 })
  })

  it('a volatile function through GET is 405 25006 and changes nothing', async () => {
    const res = await t.postgrest.rpc('offline_user', { name_param: 'supabot' }, { get: true })
    expect(res).toEqual({
      success: false,
      data: null,
      count: null,
      status: 405,
      statusText: 'Method Not Allowed',
      error: {
        code: '25006',
        details: null,
        hint: null,
        message: 'cannot execute UPDATE in a read-only transaction',
      },
    })
    const status = await t.postgrest.rpc('get_status', { name_param: 'supabot' })
    expect(status.data).toBe('ONLINE')
  })

  it('counts rows of a set-returning function, also with head', async () => {
    const res = await t.postgrest.rpc(
      'set_users_offline',
      { name_param: 'supa%' },
      { count: 'exact' }
    )
    expect(res).toMatchObject({ ...ok, count: 1 })
    expect(res.data).toEqual([expect.objectContaining({ username: 'supabot', status: 'OFFLINE' })])
    const head = await t.postgrest.rpc(
      'get_username_and_status',
      { name_param: 'kiwicopple' },
      { head: true, count: 'exact' }
    )
    expect(head).toEqual({ ...ok, data: null, count: 1 })
  })

  it('switches schema', async () => {
    const res = await t.postgrest
      .schema('personal')
      .rpc('get_status', { name_param: 'leroyjenkins' })
    expect(res).toEqual({ ...ok, data: 'ONLINE' })
  })

  it('an unknown function is 404 PGRST202', async () => {
    const res = await t.postgrest.rpc('missing_fn')
    expect(res).toMatchObject({
      success: false,
      data: null,
      status: 404,
      statusText: 'Not Found',
      error: {
        code: 'PGRST202',
        message:
          'Could not find the function public.missing_fn without parameters in the schema cache',
        details:
          'Searched for the function public.missing_fn without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      },
    })
  })

  it('unknown argument names are 404 PGRST202 naming them', async () => {
    const res = await t.postgrest.rpc('get_status', { wrong: 'supabot' })
    expect(res.status).toBe(404)
    expect(res.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.get_status(wrong) in the schema cache',
    })
  })
})
