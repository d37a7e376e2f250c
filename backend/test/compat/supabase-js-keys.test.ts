// supabase-js's integration suite, continued (see supabase-js.test.ts): REST, auth, admin API,
// storage, functions and realtime through the new sb_publishable_/sb_secret_ keys.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { CLI, waitFor } from './support.ts'
import { useSupabaseJsStack } from './supabase-js-support.ts'

const t = useSupabaseJsStack()

describe('new API keys', () => {
  let publishable: SupabaseClient
  let secret: SupabaseClient
  beforeAll(() => {
    publishable = t.stack.client(CLI.publishableKey)
    secret = t.stack.client(CLI.secretKey)
  })

  it('sb_publishable_ acts as anon on REST; sb_secret_ bypasses RLS', async () => {
    const anon = await publishable.from('todos').select('task').order('id')
    expect(anon.error).toBeNull()
    expect(anon.data?.map((t) => t.task)).toEqual(['Seeded task 1', 'Seeded task 2'])
    const { user } = await t.signedIn()
    await t.stack
      .client(CLI.serviceRoleKey)
      .from('todos')
      .insert({ task: 'private', user_id: user.id })
    expect((await publishable.from('todos').select('task').eq('task', 'private')).data).toEqual([])
    expect((await secret.from('todos').select('task').eq('task', 'private')).data).toEqual([
      { task: 'private' },
    ])
  })

  it('signs up and in with sb_publishable_; the session then drives REST', async () => {
    const { client, user } = await t.signedIn(CLI.publishableKey)
    const inserted = await client.from('todos').insert({ task: 'new keys', user_id: user.id })
    expect(inserted.error).toBeNull()
    expect((await client.from('todos').select('task')).data).toEqual([{ task: 'new keys' }])
  })

  it('sb_secret_ drives the auth admin API and storage; sb_publishable_ does not', async () => {
    const users = await secret.auth.admin.listUsers()
    expect(users.error).toBeNull()
    expect(users.data.users.length).toBeGreaterThan(0)
    const refused = await publishable.auth.admin.listUsers()
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' })

    const upload = await secret.storage
      .from('test-bucket')
      .upload(`secret-${Date.now()}.txt`, new Blob(['s']))
    expect(upload.error).toBeNull()
    expect((await secret.storage.listBuckets()).data?.map((b) => b.id)).toContain('test-bucket')
    expect((await publishable.storage.listBuckets()).data).toEqual([])
  })

  it('functions: the gateway turns the key into the anon / service_role JWT', async () => {
    // functions-js sends no Authorization for sb_ keys; the CLI gateway (Kong) adds the JWT.
    const asPublishable = await publishable.functions.invoke('echo', { body: 'p' })
    expect(asPublishable.error).toBeNull()
    expect(asPublishable.data).toMatchObject({
      authorization: `Bearer ${CLI.anonKey}`,
      apikey: CLI.publishableKey,
    })
    const asSecret = await secret.functions.invoke('echo', { body: 's' })
    expect(asSecret.error).toBeNull()
    expect(asSecret.data).toMatchObject({ authorization: `Bearer ${CLI.serviceRoleKey}` })
  })

  it('realtime: the secret key joins a private channel (service_role bypasses RLS)', async () => {
    const channel = secret.channel(`secret-${Date.now()}`, { config: { private: true } })
    const status = await new Promise((resolve) => channel.subscribe((s) => resolve(s)))
    expect(status).toBe('SUBSCRIBED')
  })

  it('realtime: a publishable-key client joins and broadcasts', async () => {
    const channel = publishable.channel(`new-keys-${Date.now()}`, {
      config: { broadcast: { self: true, ack: true } },
    })
    const got: unknown[] = []
    channel.on('broadcast', { event: 'ping' }, (payload) => got.push(payload))
    const status = await new Promise((resolve) => channel.subscribe((s) => resolve(s)))
    expect(status).toBe('SUBSCRIBED')
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: {} })).toBe('ok')
    await waitFor(() => got[0], 'the echo')
  })
})
