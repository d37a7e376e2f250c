// supabase-js's integration suite (test/integration.test.ts upstream), which runs against
// `supabase start` with the CLI's demo keys and its own supabase/ folder: REST under RLS,
// auth sign-up/sign-in/sign-out, storage upload/list/download, realtime broadcast, functions.
// The same calls through the new sb_publishable_/sb_secret_ keys: supabase-js-keys.test.ts.
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { CLI, claimsOf, waitFor } from './support.ts'
import { password, useSupabaseJsStack } from './supabase-js-support.ts'

const t = useSupabaseJsStack()

describe('the CLI demo keys', () => {
  it('are the keys `supabase start` prints', () => {
    expect(t.stack.anonKey).toBe(CLI.anonKey)
    expect(t.stack.serviceRoleKey).toBe(CLI.serviceRoleKey)
    expect(t.stack.keys.publishableKey).toBe(CLI.publishableKey)
    expect(t.stack.keys.secretKey).toBe(CLI.secretKey)
    expect(claimsOf(CLI.anonKey)).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 })
  })
})

describe('PostgREST', () => {
  it('queries, inserts, updates and deletes as anon under RLS', async () => {
    const supabase = t.stack.client(CLI.anonKey)
    const { data, error } = await supabase.from('todos').select('task, is_complete').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { task: 'Seeded task 1', is_complete: false },
      { task: 'Seeded task 2', is_complete: true },
    ])
    const inserted = await supabase.from('todos').insert({ task: 'anon todo' }).select().single()
    expect(inserted.error).toBeNull()
    expect(inserted.data).toMatchObject({ task: 'anon todo', is_complete: false, user_id: null })
    const id = (inserted.data as { id: number }).id
    const updated = await supabase
      .from('todos')
      .update({ is_complete: true })
      .eq('id', id)
      .select('is_complete')
    expect(updated.data).toEqual([{ is_complete: true }])
    const deleted = await supabase.from('todos').delete().eq('id', id).select('id')
    expect(deleted.data).toEqual([{ id }])
  })

  it('signed-in users see only their own todos; a forged user_id is 403 42501', async () => {
    const { client, user } = await t.signedIn()
    const mine = await client.from('todos').insert({ task: 'mine', user_id: user.id }).select()
    expect(mine.status).toBe(201)
    const visible = await client.from('todos').select('task')
    expect(visible.data).toEqual([{ task: 'mine' }])
    const other = await t.signedIn()
    expect((await other.client.from('todos').select('task')).data).toEqual([])

    const forged = await client
      .from('todos')
      .insert({ task: 'forged', user_id: other.user.id })
      .select()
    expect(forged).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
      error: {
        code: '42501',
        details: null,
        hint: null,
        message: 'new row violates row-level security policy for table "todos"',
      },
    })
    const anonForged = await t.stack
      .client(CLI.anonKey)
      .from('todos')
      .insert({ task: 'forged', user_id: user.id })
    expect(anonForged.status).toBe(401)
    expect(anonForged.error?.code).toBe('42501')
  })
})

describe('Authentication', () => {
  it('signs up, reads the session, signs out and back in', async () => {
    const { client, email, user } = await t.signedIn()
    expect(user.email).toBe(email)
    const { data: session } = await client.auth.getSession()
    expect(session.session?.user.email).toBe(email)
    expect((await client.auth.signOut()).error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
    const signIn = await client.auth.signInWithPassword({ email, password })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(user.id)
  })

  it('refuses invalid credentials', async () => {
    const { data, error } = await t.stack
      .client()
      .auth.signInWithPassword({ email: 'nobody@example.com', password: 'wrongpassword' })
    expect(data.user).toBeNull()
    expect(error?.message).toBe('Invalid login credentials')
  })
})

describe('Storage API', () => {
  it('uploads, lists, downloads and deletes in the config bucket with the service role', async () => {
    const storage = t.stack.client(CLI.serviceRoleKey).storage.from('test-bucket')
    const filePath = `test-file-${Date.now()}.txt`
    const fileContent = new Blob(['Hello, Supabase Storage!'], { type: 'text/plain' })
    const upload = await storage.upload(filePath, fileContent, { upsert: true })
    expect(upload.error).toBeNull()
    expect(upload.data?.path).toBe(filePath)
    const list = await storage.list()
    expect(list.data?.some((f) => f.name === filePath)).toBe(true)
    const download = await storage.download(filePath)
    expect(await download.data?.text()).toBe('Hello, Supabase Storage!')
    const removed = await storage.remove([filePath])
    expect(removed.error).toBeNull()
  })

  it('the anon key sees nothing in a bucket without policies', async () => {
    const storage = t.stack.client(CLI.anonKey).storage.from('test-bucket')
    expect(await storage.list()).toEqual({ data: [], error: null })
    const upload = await storage.upload('anon.txt', new Blob(['x']))
    expect(upload.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
  })
})

describe('Realtime', () => {
  it('is able to connect and broadcast on a private channel', async () => {
    const { client } = await t.signedIn()
    await client.realtime.setAuth()
    const channel = client.channel(`channel-${crypto.randomUUID()}`, {
      config: { broadcast: { self: true }, private: true },
    })
    let received: unknown
    const subscribed = new Promise<string>((resolve) =>
      channel
        .on('broadcast', { event: '*' }, (payload) => (received = payload))
        .subscribe((status) => {
          if (status !== 'CLOSED') resolve(status)
        })
    )
    expect(await subscribed).toBe('SUBSCRIBED')
    await channel.send({ type: 'broadcast', event: 'test-event', payload: { message: 'test' } })
    expect(await waitFor(() => received, 'the broadcast')).toEqual({
      type: 'broadcast',
      event: 'test-event',
      payload: { message: 'test' },
    })
    expect(client.realtime.getChannels()).toHaveLength(1)
  })
})

describe('Edge Functions', () => {
  it('invokes a function with a JSON body', async () => {
    const { data, error } = await t.stack
      .client(CLI.anonKey)
      .functions.invoke('hello', { body: { name: 'Functions' } })
    expect(error).toBeNull()
    expect(data).toEqual({ message: 'Hello Functions!' })
  })

  it('functions import supabase-js as Deno does (jsr:, npm:, esm.sh) and query as the caller', async () => {
    const { client, user } = await t.signedIn()
    await client.from('todos').insert({ task: 'via function', user_id: user.id })
    for (const name of ['todos-jsr', 'todos-npm', 'todos-esm']) {
      const { data, error } = await client.functions.invoke(name)
      expect(error, name).toBeNull()
      expect(data, name).toEqual({ data: [{ task: 'via function' }] })
    }
  })

  it('an edited function serves its new code without a restart', async () => {
    // The CLI's edge runtime hot-reloads functions (either [edge_runtime] policy): edits count at once.
    const dir = path.join(t.stack.config.supabaseDir, 'functions', 'edited')
    await mkdir(dir, { recursive: true })
    const file = path.join(dir, 'index.ts')
    const version = async (text: string, secondsFromNow: number) => {
      await writeFile(file, `Deno.serve(() => new Response('${text}'))`)
      const when = new Date(Date.now() + secondsFromNow * 1000)
      await utimes(file, when, when)
    }
    const client = t.stack.client(CLI.anonKey)
    await version('first', 0)
    expect((await client.functions.invoke('edited')).data).toBe('first')
    await version('second', 5)
    expect((await client.functions.invoke('edited')).data).toBe('second')
  })

  it('a non-2xx answer is a FunctionsHttpError carrying the response', async () => {
    const { data, error } = await t.stack.client(CLI.anonKey).functions.invoke('failing')
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const context = (error as FunctionsHttpError).context as Response
    expect(context.status).toBe(418)
    expect(await context.json()).toEqual({ error: 'teapot' })
  })

  it('an unknown function is 404 and a missing JWT is 401 when verify_jwt is on', async () => {
    const missing = await fetch(`${t.stack.url}/functions/v1/nope`, { method: 'POST' })
    expect(missing.status).toBe(404)
    const unauthenticated = await fetch(`${t.stack.url}/functions/v1/echo`, { method: 'POST' })
    expect(unauthenticated.status).toBe(401)
    expect(await unauthenticated.json()).toEqual({ msg: 'Error: Missing authorization header' })
    const open = await fetch(`${t.stack.url}/functions/v1/public-echo`, { method: 'POST' })
    expect(open.status).toBe(200)
  })

  it('passes the caller’s token to the function', async () => {
    const { client } = await t.signedIn()
    const token = (await client.auth.getSession()).data.session!.access_token
    const { data } = await client.functions.invoke('echo', { body: 'hi' })
    expect(data).toMatchObject({
      method: 'POST',
      body: 'hi',
      authorization: `Bearer ${token}`,
      apikey: CLI.anonKey,
      url: t.stack.url,
    })
  })
})
