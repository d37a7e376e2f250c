// Who may do what: row-level security for anon and signed-in users (rows filtered silently on
// read, errors on write), grants (401 for anon, 403 for users), service_role, API keys, and
// PostgREST's JWT errors.
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, rest, userClient, userToken } from './fixture.ts'
import { useStack } from './support.ts'

const t = useStack()

const tasks = (rows: unknown) => (rows as { task: string }[]).map((r) => r.task).sort()

describe('row-level security', () => {
  it('filters rows silently on read: anon sees public rows, users their own too', async () => {
    const anon = await t.stack.client().from('todos').select('task')
    expect(anon.status).toBe(200)
    expect(tasks(anon.data)).toEqual(['alice public'])
    const alice = await (await userClient(t.stack, ALICE)).from('todos').select('task')
    expect(tasks(alice.data)).toEqual(['alice private', 'alice public'])
    const bob = await (await userClient(t.stack, BOB)).from('todos').select('task')
    expect(tasks(bob.data)).toEqual(['alice public', 'bob private'])
  })

  it('lets a user insert their own rows and refuses others with 403', async () => {
    const alice = await userClient(t.stack, ALICE)
    const own = await alice.from('todos').insert({ task: 'alice new' }).select('task, user_id')
    expect(own).toMatchObject({ status: 201, data: [{ task: 'alice new', user_id: ALICE }] })
    const forged = await alice.from('todos').insert({ task: 'forged', user_id: BOB })
    expect(forged.status).toBe(403)
    expect(forged.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "todos"',
    })
    expect(await t.stack.sql`select 1 from todos where task = 'forged'`).toHaveLength(0)
  })

  it('refuses anon writes with 401 and WWW-Authenticate', async () => {
    const r = await rest(t.stack, '/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"task":"anon"}',
    })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe('Bearer')
    expect(r.json()).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table todos',
    })
  })

  it("affects none of another user's rows on update or delete", async () => {
    const alice = await userClient(t.stack, ALICE)
    const upd = await alice.from('todos').update({ done: true }).eq('task', 'bob private').select()
    expect(upd).toMatchObject({ status: 200, data: [] })
    const del = await alice.from('todos').delete().eq('task', 'bob private')
    expect(del.status).toBe(204)
    expect(await t.stack.sql`select done from todos where task = 'bob private'`).toEqual([
      { done: false },
    ])
  })

  it('refuses a table without grants: 401 for anon, 403 for users', async () => {
    const anon = await t.stack.client().from('secrets').select()
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const user = await (await userClient(t.stack, BOB)).from('secrets').select()
    expect(user.status).toBe(403)
  })

  it('lets service_role bypass row-level security', async () => {
    const service = t.stack.client(t.stack.serviceRoleKey)
    const { data } = await service
      .from('todos')
      .select('task')
      .in('task', ['alice private', 'bob private'])
    expect(tasks(data)).toEqual(['alice private', 'bob private'])
    const { data: secrets } = await service.from('secrets').select('value')
    expect(secrets).toEqual([{ value: 'hidden' }])
  })

  it('treats the new API keys as anon and service_role', async () => {
    const publishable = await t.stack.client(t.stack.keys.publishableKey).rpc('whoami')
    expect(publishable.data).toMatchObject({ role: 'anon' })
    const secret = await t.stack.client(t.stack.keys.secretKey).rpc('whoami')
    expect(secret.data).toMatchObject({ role: 'service_role' })
  })

  it('treats a request without any key as anon', async () => {
    const response = await fetch(`${t.stack.url}/rest/v1/rpc/whoami`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ role: 'anon', apikey: null })
  })
})

describe('JWT errors', () => {
  const get = (authorization: string) =>
    rest(t.stack, '/films?select=id&limit=1', { headers: { authorization } })

  it('answers an undecodable token with 401 PGRST301', async () => {
    const r = await get('Bearer not-a-jwt')
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 1"'
    )
    expect(r.json()).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'Expected 3 parts in JWT; got 1',
    })
  })

  it('answers a bad signature with 401 PGRST301', async () => {
    const token = await userToken(t.stack, ALICE)
    const [h, p] = token.split('.')
    const r = await get(`Bearer ${h}.${p}.AAAA`)
    expect(r.status).toBe(401)
    expect(r.json()).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'JWT cryptographic operation failed',
    })
  })

  it('answers an expired token with 401 PGRST303, allowing 30 seconds of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await userToken(t.stack, ALICE, { exp: now - 120 })
    const r = await get(`Bearer ${expired}`)
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"'
    )
    expect(r.json()).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    })
    const justExpired = await userToken(t.stack, ALICE, { exp: now - 5 })
    expect((await get(`Bearer ${justExpired}`)).status).toBe(200)
    const notYet = await userToken(t.stack, ALICE, { nbf: now + 600 })
    expect((await get(`Bearer ${notYet}`)).json()).toMatchObject({
      code: 'PGRST303',
      message: 'JWT not yet valid',
    })
  })

  it('uses the role claim, anon when absent, and fails on an unknown role', async () => {
    const noRole = await t.stack.keys.sign({ sub: ALICE, exp: Math.floor(Date.now() / 1000) + 60 })
    const r = await rest(t.stack, '/rpc/whoami', { headers: { authorization: `Bearer ${noRole}` } })
    expect(r.json()).toMatchObject({ role: 'anon', sub: ALICE })
    const weird = await t.stack.keys.sign({
      role: 'no_such_role',
      exp: Math.floor(Date.now() / 1000) + 60,
    })
    const bad = await rest(t.stack, '/films?select=id', {
      headers: { authorization: `Bearer ${weird}` },
    })
    expect(bad.status).toBe(400)
    expect(bad.json()).toMatchObject({
      code: '22023',
      message: 'role "no_such_role" does not exist',
    })
  })
})
