// Third-party apps get only what the person allowed them (issue 49, item 4): a real OAuth client
// of Auth's OAuth 2.1 server (a public client, authorization code with PKCE, the person's
// consent through auth-js) holds an access token that names it (`client_id`); over REST, as
// supabase-js sends it, the app reads the person's workspaces, writes nowhere until the person
// grants it write in one (set_app_access), never decides its own access, and once revoked
// (Auth's revokeGrant and revoke_app) reads nothing with the access token it still holds, over
// REST or Realtime.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdir, symlink } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import { joinPrivate, leave, liveTopic } from './support/realtime.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { temporaryFolders } from '../../backend/test/support/temp-folders.ts'

const project = path.resolve(import.meta.dirname, '..')
const REDIRECT = 'http://127.0.0.1:8765/callback'
let stack: TestStack
const folders = temporaryFolders()

beforeAll(async () => {
  // The project as it is (its config.toml has Auth's OAuth 2.1 server on).
  const workdir = await folders.make('chorus-oauth-apps-')
  await mkdir(path.join(workdir, 'supabase'))
  for (const name of [
    'migrations',
    'templates',
    'functions',
    'chorus.toml',
    'seed.sql',
    'config.toml',
  ]) {
    await symlink(path.join(project, name), path.join(workdir, 'supabase', name))
  }
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

/** The person: an account signed in with its password through auth-js. */
async function person() {
  const email = `person-${randomUUID().slice(0, 8)}@example.test`
  const admin = stack.client(stack.serviceRoleKey)
  const created = await admin.auth.admin.createUser({
    email,
    password: 'secret-pass-1',
    email_confirm: true,
  })
  expect(created.error).toBeNull()
  const client = stack.client()
  const signedIn = await client.auth.signInWithPassword({ email, password: 'secret-pass-1' })
  expect(signedIn.error).toBeNull()
  return { client, id: created.data.user!.id }
}

async function workspace(client: SupabaseClient, name: string) {
  const created = await client.rpc('create_workspace', { p_name: name, p_slug: null })
  expect(created.error).toBeNull()
  const id = (created.data as { id: string }).id
  const general = await client
    .from('channels')
    .select('id')
    .eq('workspace_id', id)
    .eq('is_default', true)
    .single()
  return { id, general: (general.data as { id: string }).id }
}

/** An app's whole sign-in: registration, /oauth/authorize, the person's consent, the token. */
async function connectApp(personClient: SupabaseClient) {
  const admin = stack.client(stack.serviceRoleKey)
  const registered = await admin.auth.admin.oauth.createClient({
    client_name: 'Standup notes',
    redirect_uris: [REDIRECT],
    client_type: 'public',
    token_endpoint_auth_method: 'none',
  } as never)
  expect(registered.error).toBeNull()
  const clientId = registered.data!.client_id
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  const authorize = await fetch(`${stack.url}/auth/v1/oauth/authorize?${query}`, {
    redirect: 'manual',
    headers: { apikey: stack.anonKey },
  })
  expect(authorize.status).toBe(302)
  const consent = new URL(authorize.headers.get('location')!)
  const authorizationId = consent.searchParams.get('authorization_id')!
  expect((await personClient.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull()
  const approved = await personClient.auth.oauth.approveAuthorization(authorizationId, {
    skipBrowserRedirect: true,
  })
  expect(approved.error).toBeNull()
  const code = new URL(approved.data!.redirect_url).searchParams.get('code')!
  const response = await fetch(`${stack.url}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  })
  expect(response.status).toBe(200)
  const tokens = (await response.json()) as { access_token: string; refresh_token: string }
  const payload = JSON.parse(
    Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()
  )
  expect(payload.client_id).toBe(clientId)
  // The app's client: supabase-js with the app's access token, as the app would hold it.
  const app = stack.client(stack.anonKey, {
    global: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
  })
  return { clientId, app, tokens }
}

const send = (client: SupabaseClient, channel: string, body: string) =>
  client.rpc('send_message', { p_id: randomUUID(), p_channel_id: channel, p_body: body })

const REFUSED = {
  code: '42501',
  message: 'This app may not change anything in this workspace.',
  details: 'app_write_not_granted',
  hint: 'The person who connected it can allow it to write: Settings, Connected apps.',
}

describe('third-party apps (OAuth clients)', () => {
  it('read only unless granted write, per workspace, and never decide their own access', async () => {
    const me = await person()
    const a = await workspace(me.client, 'Alpha')
    const b = await workspace(me.client, 'Beta')
    expect((await send(me.client, a.general, 'hello from me')).error).toBeNull()
    const { clientId, app } = await connectApp(me.client)

    // Read-only: the app reads both workspaces, and sends nowhere.
    const read = await app.from('messages').select('body').eq('channel_id', a.general)
    expect(read.error).toBeNull()
    expect(read.data).toEqual([{ body: 'hello from me' }])
    const refused = await send(app, a.general, 'from the app')
    expect(refused.error).toMatchObject(REFUSED)
    expect(refused.status).toBe(403)
    const direct = await app.from('channels').update({ topic: 'changed' }).eq('id', a.general)
    expect(direct.error).toMatchObject(REFUSED)
    const profile = await app.from('profiles').update({ display_name: 'App' }).eq('id', me.id)
    expect(profile.error).toMatchObject({ code: '42501', details: 'app_write_not_granted' })

    // The app cannot grant itself more, nor see what it was granted, nor the person's sessions.
    const self = await app.rpc('set_app_access', {
      p_client_id: clientId,
      p_workspace_id: a.id,
      p_access: 'write',
    })
    expect(self.error).toMatchObject({
      code: '42501',
      message: 'Only the person, not an app, decides what apps may do.',
      details: 'person_only',
    })
    expect((await app.from('app_access').select('*')).data).toEqual([])
    expect((await app.rpc('my_sessions')).error).toMatchObject({
      code: '42501',
      details: 'person_only',
    })

    const file = () => `${a.id}/${a.general}/${randomUUID()}/notes.txt`
    const upload = await app.storage.from('attachments').upload(file(), 'from the app')
    expect(upload.error?.message).toBe('new row violates row-level security policy')

    // Write granted in Alpha: the app sends there, still not in Beta.
    const granted = await me.client.rpc('set_app_access', {
      p_client_id: clientId,
      p_workspace_id: a.id,
      p_access: 'write',
    })
    expect(granted.error).toBeNull()
    expect((await send(app, a.general, 'from the app')).error).toBeNull()
    expect((await send(app, b.general, 'from the app')).error).toMatchObject(REFUSED)
    expect((await app.storage.from('attachments').upload(file(), 'from the app')).error).toBeNull()
    // Write is no licence for credentials that would outlive the app: no bot, no webhook.
    const bot = await app.rpc('create_bot', { p_workspace_id: a.id, p_name: 'App bot' })
    expect(bot.error).toMatchObject({ code: '42501', details: 'app_write_not_granted' })
    const hook = await app.rpc('create_incoming_webhook', {
      p_channel_id: a.general,
      p_name: 'App hook',
    })
    expect(hook.error).toMatchObject({ code: '42501', details: 'reauthentication_needed' })
    const myHook = { p_channel_id: a.general, p_name: 'My hook' }
    expect((await me.client.rpc('create_incoming_webhook', myHook)).error).toBeNull()
    const mine = await me.client.from('app_access').select('client_id, workspace_id, access')
    expect(mine.data).toEqual([{ client_id: clientId, workspace_id: a.id, access: 'write' }])

    // Taking reading away in Beta: the app no longer sees Beta at all.
    await me.client.rpc('set_app_access', {
      p_client_id: clientId,
      p_workspace_id: b.id,
      p_access: 'none',
    })
    const seen = await app.from('workspaces').select('name').order('name')
    expect(seen.data).toEqual([{ name: 'Alpha' }])

    // Bad input: a clear error, not a 500.
    const bad = await me.client.rpc('set_app_access', {
      p_client_id: clientId,
      p_workspace_id: a.id,
      p_access: 'admin',
    })
    expect(bad.status).toBe(400)
    expect(bad.error).toMatchObject({
      code: '22023',
      message: 'An app\'s access is none, read or write; got "admin".',
      details: 'invalid_argument',
    })
  })

  it('once revoked, reads nothing with the access token it still holds', async () => {
    const me = await person()
    const a = await workspace(me.client, 'Gamma')
    await send(me.client, a.general, 'before the revocation')
    const { clientId, app, tokens } = await connectApp(me.client)
    await me.client.rpc('set_app_access', {
      p_client_id: clientId,
      p_workspace_id: a.id,
      p_access: 'write',
    })
    expect((await app.from('messages').select('id')).data).toHaveLength(1)
    // Realtime as supabase-js joins it: the app's token opens the channel's private topic.
    const asApp = { id: me.id, email: '', token: tokens.access_token }
    const before = await joinPrivate(stack, asApp, liveTopic.channel(a.general))
    expect(before.joined).toBe(true)
    await leave(before)

    // What Settings, Connected apps does: Auth's revokeGrant, then revoke_app.
    expect((await me.client.auth.oauth.revokeGrant({ clientId })).error).toBeNull()
    expect((await me.client.rpc('revoke_app', { p_client_id: clientId })).error).toBeNull()

    const tables = await stack.sql<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and has_table_privilege('authenticated', c.oid, 'select')
      order by 1`
    const leaks: string[] = []
    for (const { name } of tables) {
      const rows = await app.from(name).select('*').limit(5)
      if ((rows.data ?? []).length > 0) leaks.push(name)
    }
    expect(leaks).toEqual([])
    const after = await joinPrivate(stack, asApp, liveTopic.channel(a.general))
    expect(after.joined).toBe(false)
    // The write gate fires first on messages (its row triggers fire in their names' order).
    expect((await send(app, a.general, 'after')).error).toMatchObject({
      code: '42501',
      details: 'app_write_not_granted',
    })
    // Nor can it get a new access token: its refresh token went with its session.
    const refreshed = await fetch(`${stack.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      }).toString(),
    })
    expect(refreshed.status).toBe(400)
    // The person still reads everything.
    expect((await me.client.from('messages').select('id')).data).toHaveLength(1)
    expect((await me.client.from('app_access').select('*')).data).toEqual([])
  })

  it('every table of public has the write gate and the revoked app’s policy', async () => {
    // A new table joins them in its migration: select private.join_app_gate('public.<table>').
    const missing = await stack.sql<{ name: string }[]>`
      select c.relname || ': ' || x.what as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join lateral (values
        ('write gate', exists (select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'oauth_write_gate')),
        ('revoked app policy', not c.relrowsecurity or exists (select 1 from pg_policy p
          where p.polrelid = c.oid and not p.polpermissive
            and p.polname = c.relname || ': a revoked app reads nothing'))
      ) x(what, ok)
      where n.nspname = 'public' and c.relkind = 'r' and not x.ok
      order by 1`
    // push_subscriptions came after this one and joins in *_chorus_push_app_gate.sql.
    expect(missing.map((m) => m.name)).toEqual([])
  })
})
