// Settings, Security, Connected apps, with a real third-party app: on a stack of its own with
// Auth's OAuth 2.1 server on, an app registers itself (dynamic registration, a public client),
// the person approves it (authorization code with PKCE, the consent through auth-js) and the app
// gets its tokens. The app reads but cannot send; the person allows it to write in the workspace
// from Settings and its message shows up live; the person revokes it there and the access token
// the app still holds reads nothing.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import ws from 'ws'
import { expect, test } from './support/test.ts'
import { actor, confirmedMessageWith, signUpByApi, waitLive } from './support/actors.ts'
import { apiUrl } from './support/env.ts'
import { useOwnStack } from './support/own-stack.ts'
import { startOwnStack } from './support/production-stack.ts'
import { createWorkspace } from './support/workspace.ts'

const REDIRECT = 'http://127.0.0.1:8765/callback'

useOwnStack(() =>
  startOwnStack({
    configure: (toml) =>
      `${toml}\n[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"\nallow_dynamic_registration = true\n`,
  })
)

const anonKey = () => process.env.CHORUS_ANON_KEY ?? ''
const headers = () => ({ apikey: anonKey() })

/** The app's whole sign-in as the person `email`; the app's supabase-js client. */
async function connectApp(email: string, password: string) {
  const registered = await fetch(`${apiUrl()}/auth/v1/oauth/clients/register`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Standup notes',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
    }),
  })
  expect(registered.status).toBe(201)
  const clientId = ((await registered.json()) as { client_id: string }).client_id
  const verifier = randomBytes(32).toString('base64url')
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  const authorize = await fetch(`${apiUrl()}/auth/v1/oauth/authorize?${query}`, {
    redirect: 'manual',
    headers: headers(),
  })
  const id = new URL(authorize.headers.get('location')!).searchParams.get('authorization_id')!
  // The person's consent, as a consent page would give it.
  const person = createClient(apiUrl(), anonKey(), {
    auth: { persistSession: false },
    realtime: { transport: ws as never },
  })
  expect((await person.auth.signInWithPassword({ email, password })).error).toBeNull()
  await person.auth.oauth.getAuthorizationDetails(id)
  const approved = await person.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })
  const code = new URL(approved.data!.redirect_url).searchParams.get('code')!
  const token = await fetch(`${apiUrl()}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  })
  expect(token.status).toBe(200)
  const { access_token } = (await token.json()) as { access_token: string }
  await person.auth.signOut({ scope: 'local' })
  return createClient(apiUrl(), anonKey(), {
    auth: { persistSession: false },
    realtime: { transport: ws as never },
    global: { headers: { Authorization: `Bearer ${access_token}` } },
  })
}

async function general(app: SupabaseClient): Promise<string> {
  const { data } = await app.from('channels').select('id').eq('name', 'general').single()
  return (data as { id: string }).id
}

const send = (app: SupabaseClient, channel: string, body: string) =>
  app.rpc('send_message', { p_id: randomUUID(), p_channel_id: channel, p_body: body })

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: 'Your profile' }).click()
  await page
    .getByRole('dialog', { name: 'Your profile' })
    .getByRole('button', { name: /^Security/ })
    .click()
  return page.getByRole('dialog', { name: 'Security' })
}

test('an app reads only until allowed to write, and reads nothing once revoked', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const nora = await actor(browser, 'Nora')
  await signUpByApi(nora)
  const workspace = `Notes ${Date.now().toString(36)}`
  await createWorkspace(nora, workspace)
  await waitLive(nora.page)

  const app = await connectApp(nora.email, nora.password)
  const channel = await general(app)
  expect((await send(app, channel, 'Standup: nothing yet')).error).toMatchObject({
    code: '42501',
    details: 'app_write_not_granted',
  })

  const security = await openSecurity(nora.page)
  const apps = security.getByRole('list', { name: 'Connected apps' })
  const item = apps.getByRole('listitem', { name: 'Standup notes' })
  await expect(item).toBeVisible()
  const access = item.getByLabel(workspace)
  await expect(access).toHaveValue('read')
  await access.selectOption({ label: 'Read and write' })
  await expect(access).toHaveValue('write')
  await expect.poll(async () => (await send(app, channel, 'Standup: all done')).error).toBeNull()
  await security.getByRole('button', { name: 'Close' }).click()
  await expect(confirmedMessageWith(nora.page, 'Standup: all done')).toBeVisible()

  const again = await openSecurity(nora.page)
  await again
    .getByRole('listitem', { name: 'Standup notes' })
    .getByRole('button', { name: 'Revoke' })
    .click()
  await expect(again.getByText('No apps are connected.')).toBeVisible()
  expect((await app.from('messages').select('id')).data).toEqual([])
  expect((await app.from('workspaces').select('id')).data).toEqual([])
})
