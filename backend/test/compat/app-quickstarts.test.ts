// A typical app's use of the stack, from the Supabase docs' quickstarts: the user-management
// starter (profiles filled by a trigger on auth.users, an avatars bucket with storage policies)
// and the todo list (RLS per user, live changes that respect RLS), through supabase-js only. The
// project's migrations: quickstarts-project.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { QUICKSTART_MIGRATIONS } from './quickstarts-project.ts'
import { cliConfig, uniqueEmail, waitFor } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    config: cliConfig('quickstarts'),
    migrations: QUICKSTART_MIGRATIONS,
  })
})

afterAll(async () => {
  await stack?.stop()
})

async function member(fullName = 'Ada Lovelace') {
  const client = stack.client()
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail('member'),
    password: 'member-password',
    options: { data: { full_name: fullName, avatar_url: 'https://example.com/a.png' } },
  })
  expect(error).toBeNull()
  return { client, id: data.user!.id }
}

describe('user management', () => {
  it('sign-up fills the profile through the trigger; anyone may read profiles', async () => {
    const { id } = await member('Grace Hopper')
    const { data, error } = await stack
      .client()
      .from('profiles')
      .select('id, full_name, avatar_url, username')
      .eq('id', id)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      id,
      full_name: 'Grace Hopper',
      avatar_url: 'https://example.com/a.png',
      username: null,
    })
  })

  it('a user updates their own profile only', async () => {
    const me = await member()
    const other = await member()
    const mine = await me.client
      .from('profiles')
      .upsert({ id: me.id, username: `me-${me.id.slice(0, 6)}`, updated_at: new Date() })
      .select('username')
    expect(mine.error).toBeNull()
    expect(mine.data).toEqual([{ username: `me-${me.id.slice(0, 6)}` }])
    const theirs = await me.client
      .from('profiles')
      .update({ website: 'https://evil.example' })
      .eq('id', other.id)
      .select()
    expect(theirs).toMatchObject({ status: 200, data: [], error: null })
  })

  it('constraint violations come back as PostgREST errors', async () => {
    const me = await member()
    const short = await me.client.from('profiles').update({ username: 'ab' }).eq('id', me.id)
    // Postgres leaves the row out of the details of a table with row-level security.
    expect(short).toMatchObject({
      status: 400,
      error: {
        code: '23514',
        message: 'new row for relation "profiles" violates check constraint "username_length"',
        details: null,
        hint: null,
      },
    })
    const first = await member()
    const taken = `taken-${first.id.slice(0, 6)}`
    await first.client.from('profiles').update({ username: taken }).eq('id', first.id)
    const duplicate = await me.client.from('profiles').update({ username: taken }).eq('id', me.id)
    expect(duplicate.status).toBe(409)
    expect(duplicate.error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "profiles_username_key"',
      details: null,
    })
  })

  it('a failing trigger on auth.users is 500 "Database error saving new user" and keeps no user', async () => {
    const email = uniqueEmail('trigger')
    const options = { data: { full_name: 'x'.repeat(41) } }
    const { data, error } = await stack
      .client()
      .auth.signUp({ email, password: 'member-password', options })
    expect(data.user).toBeNull()
    // auth-js treats any 5xx as retryable; its message is the stringified Response ('{}').
    expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500 })
    const raw = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email, password: 'member-password', ...options }),
    })
    expect(raw.status).toBe(500)
    expect(await raw.json()).toEqual({
      code: 'unexpected_failure',
      message: 'Database error saving new user',
    })
    const rows = await stack.sql`select 1 from auth.users where email = ${email}`
    expect(rows).toHaveLength(0)
  })

  it('avatars: members upload, everyone downloads, nobody overwrites without a policy', async () => {
    const me = await member()
    const path = `${me.id}/avatar.png`
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })
    const upload = await me.client.storage.from('avatars').upload(path, png)
    expect(upload.error).toBeNull()
    expect(upload.data).toMatchObject({ path, fullPath: `avatars/${path}` })

    const download = await stack.client().storage.from('avatars').download(path)
    expect(download.error).toBeNull()
    expect(download.data?.type).toBe('image/png')
    expect(download.data?.size).toBe(4)

    const again = await me.client.storage.from('avatars').upload(path, png)
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
    // Upsert needs an UPDATE policy the starter does not create.
    const upsert = await me.client.storage.from('avatars').upload(path, png, { upsert: true })
    expect(upsert.error).toMatchObject({ status: 400, statusCode: '403' })
    // No DELETE policy either: remove() silently removes nothing.
    expect(await me.client.storage.from('avatars').remove([path])).toEqual({
      data: [],
      error: null,
    })
  })

  it('deleting the user removes the profile (on delete cascade)', async () => {
    const { id } = await member()
    const admin = stack.client(stack.serviceRoleKey)
    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull()
    expect((await admin.from('profiles').select('id').eq('id', id)).data).toEqual([])
  })
})

describe('private per-user folders (storage access control guide)', () => {
  it('each user reads, lists, replaces and deletes only inside their own folder', async () => {
    const alice = await member()
    const bob = await member()
    const docs = (who: { client: SupabaseClient }) => who.client.storage.from('documents')
    const file = (text: string) => new Blob([text], { type: 'text/plain' })

    expect((await docs(alice).upload(`${alice.id}/notes.txt`, file('alice'))).error).toBeNull()
    expect((await docs(bob).upload(`${bob.id}/notes.txt`, file('bob'))).error).toBeNull()
    const intruding = await docs(bob).upload(`${alice.id}/evil.txt`, file('evil'))
    expect(intruding.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })

    expect((await docs(alice).list(alice.id)).data?.map((f) => f.name)).toEqual(['notes.txt'])
    expect(await docs(alice).list(bob.id)).toEqual({ data: [], error: null })
    const peek = await docs(alice).download(`${bob.id}/notes.txt`)
    expect(peek.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
    const sign = await docs(alice).createSignedUrl(`${bob.id}/notes.txt`, 60)
    expect(sign.error).toMatchObject({ statusCode: '404', message: 'Object not found' })

    const replaced = await docs(alice).upload(`${alice.id}/notes.txt`, file('alice v2'), {
      upsert: true,
    })
    expect(replaced.error).toBeNull()
    expect(await (await docs(alice).download(`${alice.id}/notes.txt`)).data?.text()).toBe(
      'alice v2'
    )
    expect(await docs(alice).remove([`${bob.id}/notes.txt`])).toEqual({ data: [], error: null })
    const removed = await docs(alice).remove([`${alice.id}/notes.txt`])
    expect(removed.data?.map((f) => f.name)).toEqual([`${alice.id}/notes.txt`])
    expect(await (await docs(bob).download(`${bob.id}/notes.txt`)).data?.text()).toBe('bob')
  })
})

describe('todo list', () => {
  async function todos(client: SupabaseClient) {
    return (await client.from('todos').select('task').order('id')).data?.map((t) => t.task)
  }

  it('each user sees and changes only their own todos', async () => {
    const alice = await member()
    const bob = await member()
    expect(
      (await alice.client.from('todos').insert({ task: 'alice task', user_id: alice.id })).status
    ).toBe(201)
    await bob.client.from('todos').insert({ task: 'bob task', user_id: bob.id })
    expect(await todos(alice.client)).toEqual(['alice task'])
    expect(await todos(bob.client)).toEqual(['bob task'])
    expect(await todos(stack.client())).toEqual([])

    const hijack = await bob.client.from('todos').update({ task: 'hijacked' }).neq('id', 0)
    expect(hijack).toMatchObject({ status: 204, error: null })
    expect(await todos(alice.client)).toEqual(['alice task'])

    const short = await alice.client.from('todos').insert({ task: 'abc', user_id: alice.id })
    expect(short.status).toBe(400)
    expect(short.error?.code).toBe('23514')
  })

  it('live changes are filtered by RLS: a user hears only their own todos', async () => {
    const alice = await member()
    const bob = await member()
    await alice.client.realtime.setAuth()
    const heard: RealtimePostgresChangesPayload<{ task: string }>[] = []
    let ready = false
    alice.client
      .channel('todos-alice')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'todos' }, (payload) =>
        heard.push(payload as RealtimePostgresChangesPayload<{ task: string }>)
      )
      .on('system', {}, (payload: { extension?: string; status?: string }) => {
        if (payload.extension === 'postgres_changes' && payload.status === 'ok') ready = true
      })
      .subscribe()
    await waitFor(() => (ready ? true : undefined), 'the changes subscription')

    await bob.client.from('todos').insert({ task: 'bob secret', user_id: bob.id })
    await alice.client.from('todos').insert({ task: 'alice visible', user_id: alice.id })
    await waitFor(() => heard[0], 'alice’s own insert')
    expect(heard.map((p) => (p.new as { task: string }).task)).toEqual(['alice visible'])
  })
})
