// Settings, Security, Connected apps, with a real third-party app on the suite's stack (whose
// config.toml has Auth's OAuth 2.1 server on, with Chorus's consent page at /oauth/consent): an
// admin registers the app (a public client), the person is sent to /auth/v1/oauth/authorize
// (authorization code with PKCE) and lands on Chorus's consent page, which names the app and what
// it asks for; Cancel sends them back to the app with access_denied, Allow with a code, and the
// app gets its tokens. The app reads but cannot send; the person allows it to write in the
// workspace from Settings and its message shows up live; the person revokes it there and the
// access token the app still holds reads nothing.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { expect, test } from './support/test.ts'
import { actor, confirmedMessageWith, signOut, signUpByApi, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { AxeAudit } from './support/axe.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { openSecurity } from './support/security.ts'
import { createWorkspace } from './support/workspace.ts'
import { choose } from './support/controls.ts'

// The app's callback: never reached over the network, the browser's request is answered here.
const REDIRECT = 'http://127.0.0.1:8765/callback'

const anonKey = () => process.env.CHORUS_ANON_KEY ?? ''

/** The app, registered by an admin (Auth's admin API, with the secret key). */
async function registerApp(name: string): Promise<string> {
  const secret = process.env.CHORUS_SERVICE_ROLE_KEY ?? ''
  const registered = await fetch(`${apiUrl()}/auth/v1/admin/oauth/clients`, {
    method: 'POST',
    headers: {
      apikey: secret,
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      client_name: name,
      client_uri: 'https://standup.example',
      redirect_uris: [REDIRECT],
      client_type: 'public',
    }),
  })
  expect(registered.status).toBe(201)
  return ((await registered.json()) as { client_id: string }).client_id
}

/**
 * The person's browser goes to the app's authorization request and answers on Chorus's consent
 * page; resolves with the URL the app is sent back to (its code, or its error).
 */
async function consent(
  person: Actor,
  clientId: string,
  verifier: string,
  { allow, signedOut = false }: { allow: boolean; signedOut?: boolean }
) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: `state-${allow}`,
    scope: 'openid email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  const page = person.page
  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ body: 'Back in the app' }))
  await page.goto(`${apiUrl()}/auth/v1/oauth/authorize?${query}`)
  if (signedOut) {
    // Signed out: Chorus's sign-in first, then back to the same request.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fconsent%3Fauthorization_id%3D/)
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password').fill(person.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  await expect(page).toHaveURL(/\/oauth\/consent\?authorization_id=/)
  await expect(page.getByRole('heading', { name: 'Connect an app' })).toBeVisible()
  await expect(page.getByText(/Standup notes\s+wants to use your Chorus account/)).toBeVisible()
  const asks = page.getByRole('list', { name: 'What the app asks for' })
  await expect(asks.getByRole('listitem')).toHaveText([
    'Read the messages, channels and people of your workspaces, as you',
    'Know who you are (your Chorus account)',
    'See your email address',
  ])
  const audit = new AxeAudit()
  await audit.check(page, 'consent page')
  expect(audit.findings, audit.summary()).toEqual([])
  await page.getByRole('button', { name: allow ? 'Allow' : 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`^${REDIRECT}\\?`))
  const back = new URL(page.url())
  expect(back.searchParams.get('state')).toBe(`state-${allow}`)
  return back
}

/** The app's token request for a code; the app's supabase-js client with its access token. */
async function appClient(clientId: string, code: string, verifier: string) {
  const token = await fetch(`${apiUrl()}/auth/v1/oauth/token`, {
    method: 'POST',
    // A third-party app holds no project key: the token endpoint is open, as on hosted projects.
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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

test('an app reads only until allowed to write, and reads nothing once revoked', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const nora = await actor(browser, 'Nora')
  await signUpByApi(nora)
  const workspace = `Notes ${Date.now().toString(36)}`
  await createWorkspace(nora, workspace)
  await waitLive(nora.page)

  const clientId = await registerApp('Standup notes')
  const verifier = randomBytes(32).toString('base64url')
  const refused = await consent(nora, clientId, verifier, { allow: false })
  expect(refused.searchParams.get('error')).toBe('access_denied')
  expect(refused.searchParams.get('code')).toBeNull()
  await nora.page.goto(appUrl('/'))
  await signOut(nora.page)
  const allowed = await consent(nora, clientId, verifier, { allow: true, signedOut: true })
  const app = await appClient(clientId, allowed.searchParams.get('code')!, verifier)
  await nora.page.goto(appUrl('/'))
  await waitLive(nora.page)
  const channel = await general(app)
  expect((await send(app, channel, 'Standup: nothing yet')).error).toMatchObject({
    code: '42501',
    details: 'app_write_not_granted',
  })

  const security = await openSecurity(nora.page)
  const apps = security.getByRole('list', { name: 'Connected apps' })
  const item = apps.getByRole('listitem', { name: 'Standup notes' })
  await expect(item).toBeVisible()
  const access = item.getByRole('combobox', { name: workspace })
  await expect(access).toHaveText('Read only')
  await choose(access, 'Read and write')
  await expect(access).toHaveText('Read and write')
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
