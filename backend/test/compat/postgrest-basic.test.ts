// postgrest-js's basic suite (test/basic.test.ts upstream) against the local stack: reads,
// single/maybeSingle, counts, schema switching, errors and throwOnError, each with the full result
// object postgrest-js returns ({ success, error, data, count, status, statusText }). Writes,
// rollback and maxAffected: postgrest-writes.test.ts.
import { describe, expect, it } from 'vitest'
import { SEED_USERS, usePostgrestStack } from './postgrest-fixture.ts'
import { ok } from './postgrest-results.ts'

const t = usePostgrestStack()

describe('reads', () => {
  it('basic select table', async () => {
    const res = await t.postgrest.from('users').select()
    expect(res).toEqual({ ...ok, data: SEED_USERS })
  })

  it('select with columns and a filter', async () => {
    const res = await t.postgrest.from('users').select('username, status').eq('username', 'supabot')
    expect(res).toEqual({ ...ok, data: [{ username: 'supabot', status: 'ONLINE' }] })
  })

  it('single() returns one object', async () => {
    const res = await t.postgrest.from('users').select().eq('username', 'supabot').single()
    expect(res).toEqual({ ...ok, data: SEED_USERS[0] })
  })

  it('single() on no rows is 406 PGRST116', async () => {
    const res = await t.postgrest.from('users').select().eq('username', 'nobody').single()
    expect(res).toEqual({
      success: false,
      data: null,
      count: null,
      status: 406,
      statusText: 'Not Acceptable',
      error: {
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      },
    })
  })

  it('single() on several rows is 406 PGRST116 naming the count', async () => {
    const res = await t.postgrest.from('users').select().eq('status', 'ONLINE').single()
    expect(res.status).toBe(406)
    expect(res.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 3 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
  })

  it('maybeSingle() gives null for no rows and the row for one', async () => {
    const none = await t.postgrest.from('users').select().eq('username', 'nobody').maybeSingle()
    expect(none).toEqual({ ...ok, data: null })
    const one = await t.postgrest.from('users').select().eq('username', 'supabot').maybeSingle()
    expect(one).toEqual({ ...ok, data: SEED_USERS[0] })
  })

  it('select with count exact', async () => {
    const res = await t.postgrest.from('users').select('username', { count: 'exact' })
    expect(res).toMatchObject({ ...ok, count: 4 })
    expect(res.data).toHaveLength(4)
  })

  it('a counted partial page is 206 Partial Content', async () => {
    const res = await t.postgrest.from('users').select('username', { count: 'exact' }).range(0, 1)
    expect(res).toEqual({
      success: true,
      error: null,
      data: [{ username: 'supabot' }, { username: 'kiwicopple' }],
      count: 4,
      status: 206,
      statusText: 'Partial Content',
    })
  })

  it('select with head:true returns only the count', async () => {
    const res = await t.postgrest.from('users').select('*', { head: true, count: 'exact' })
    expect(res).toEqual({ ...ok, data: null, count: 4 })
  })

  it('stripNulls() drops null fields', async () => {
    const res = await t.postgrest
      .from('users')
      .select('username, data')
      .eq('username', 'supabot')
      .stripNulls()
    expect(res).toEqual({ ...ok, data: [{ username: 'supabot' }] })
  })

  it('switches schema', async () => {
    const res = await t.postgrest.schema('personal').from('users').select('username, status')
    expect(res.error).toBeNull()
    expect(res.data).toHaveLength(5)
    expect(res.data?.[4]).toEqual({ username: 'leroyjenkins', status: 'ONLINE' })
  })

  it('an unexposed schema is 406 PGRST106', async () => {
    const res = await t.postgrest.schema('private').from('users').select()
    expect(res).toEqual({
      success: false,
      data: null,
      count: null,
      status: 406,
      statusText: 'Not Acceptable',
      error: {
        code: 'PGRST106',
        details: null,
        hint: 'Only the following schemas are exposed: public, graphql_public, personal',
        message: 'Invalid schema: private',
      },
    })
  })
})

describe('errors', () => {
  it('missing table is 404 PGRST205', async () => {
    const res = await t.postgrest.from('missing_table').select()
    expect(res).toMatchObject({
      success: false,
      data: null,
      status: 404,
      statusText: 'Not Found',
      error: {
        code: 'PGRST205',
        details: null,
        message: "Could not find the table 'public.missing_table' in the schema cache",
      },
    })
  })

  it('unique violation is 409 with the Postgres details', async () => {
    const res = await t.postgrest.from('users').insert({ username: 'supabot' })
    expect(res).toEqual({
      success: false,
      data: null,
      count: null,
      status: 409,
      statusText: 'Conflict',
      error: {
        code: '23505',
        details: 'Key (username)=(supabot) already exists.',
        hint: null,
        message: 'duplicate key value violates unique constraint "users_pkey"',
      },
    })
  })

  it('foreign key violation is 409 23503', async () => {
    const res = await t.postgrest
      .from('messages')
      .insert({ message: 'x', username: 'nobody', channel_id: 1 })
    expect(res).toMatchObject({
      status: 409,
      error: {
        code: '23503',
        details: 'Key (username)=(nobody) is not present in table "users".',
        hint: null,
        message:
          'insert or update on table "messages" violates foreign key constraint "messages_username_fkey"',
      },
    })
  })

  it('an unknown column is 400 PGRST204 on insert and 42703 on select', async () => {
    const insert = await t.postgrest.from('users').insert({ username: 'x', nope: 1 })
    expect(insert).toMatchObject({
      status: 400,
      error: {
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'nope' column of 'users' in the schema cache",
      },
    })
    const select = await t.postgrest.from('users').select('nope')
    expect(select).toMatchObject({
      status: 400,
      error: {
        code: '42703',
        details: null,
        hint: null,
        message: 'column users.nope does not exist',
      },
    })
  })

  it('invalid input for a type is 400 22P02', async () => {
    const res = await t.postgrest.from('channels').select().eq('id', 'abc')
    expect(res).toMatchObject({
      status: 400,
      error: {
        code: '22P02',
        details: null,
        hint: null,
        message: 'invalid input syntax for type bigint: "abc"',
      },
    })
  })

  it('throwOnError() throws a PostgrestError', async () => {
    await expect(t.postgrest.from('missing_table').select().throwOnError()).rejects.toMatchObject({
      name: 'PostgrestError',
      code: 'PGRST205',
    })
    const res = await t.postgrest
      .from('users')
      .select('username')
      .eq('username', 'awailas')
      .throwOnError()
    expect(res.data).toEqual([{ username: 'awailas' }])
  })
})
