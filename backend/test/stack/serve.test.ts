// `serve` (production mode) in this process, through the options the CLI builds: its own keys
// (kept, 0600, reused; the demo ones refused), strict keys, CORS for the public origin only,
// X-Forwarded-For from trusted proxies only, sign-up closed with invitations still working, and
// Auth's mail through the test's own SMTP server. One port for the app and every API, and
// /health: serve-origin.test.ts.
import { rm, stat, readFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { DEFAULT_JWT_SECRET } from '../../src/config/project-config.ts'
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY, signHs256 } from '../../src/jwt/jwt-keys.ts'
import { serveOptions } from '../../src/cli/serve.ts'
import { createLogger } from '../../src/logger.ts'
import { PUBLIC, useServeProject } from './serve-project.ts'

const t = useServeProject()

const { get, publishable, client, mailTo } = t

describe('serve: its own keys', () => {
  it('keeps generated ES256, JWT and API keys in a 0600 file of the data folder', async () => {
    const file = path.join(t.serve.dataDir, 'serve-secrets.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    const [key] = secrets.signing_keys as Record<string, unknown>[]
    expect(key).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      key_ops: ['sign', 'verify'],
    })
    expect(secrets.jwt_secret).not.toBe(DEFAULT_JWT_SECRET)
    expect(secrets.publishable_key).toBe(t.serve.stack.keys.publishableKey)
    expect(t.serve.stack.keys.publishableKey).toMatch(
      /^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/
    )
    expect(t.serve.stack.keys.publishableKey).not.toBe(DEFAULT_PUBLISHABLE_KEY)
    expect(t.serve.stack.keys.secretKey).not.toBe(DEFAULT_SECRET_KEY)
    const jwks = (await (await get('/auth/v1/.well-known/jwks.json')).json()) as {
      keys: { kid: string; alg: string }[]
    }
    expect(jwks.keys).toEqual([expect.objectContaining({ kid: key!.kid, alg: 'ES256' })])
    // Web Push's VAPID pair, kept with the others and given to the functions.
    expect(Buffer.from(secrets.vapid_public_key as string, 'base64url')).toHaveLength(65)
    expect(Buffer.from(secrets.vapid_private_key as string, 'base64url')).toHaveLength(32)
    const { data } = await client(t.serve.stack.keys.secretKey).functions.invoke('vapid-key')
    expect(data).toEqual({ key: secrets.vapid_public_key })
  })

  it('signs sessions with ES256, and refuses the demo keys and tokens signed with the demo secret', async () => {
    const admin = client(t.serve.stack.keys.secretKey)
    const created = await admin.auth.admin.createUser({
      email: 'signer@example.com',
      password: 'a-long-password',
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const signIn = await client().auth.signInWithPassword({
      email: 'signer@example.com',
      password: 'a-long-password',
    })
    expect(signIn.error).toBeNull()
    const header = JSON.parse(
      Buffer.from(signIn.data.session!.access_token.split('.')[0]!, 'base64url').toString()
    ) as { alg: string }
    expect(header.alg).toBe('ES256')

    const forged = signHs256(DEFAULT_JWT_SECRET, {
      role: 'service_role',
      iss: 'supabase-demo',
      exp: Math.floor(Date.now() / 1000) + 600,
    })
    const withForged = await get('/rest/v1/', {
      ...publishable(),
      authorization: `Bearer ${forged}`,
    })
    expect(withForged.status).toBe(401)
    const demoKey = await get('/rest/v1/', { apikey: DEFAULT_SECRET_KEY })
    expect(demoKey.status).toBe(401)
    expect(await demoKey.json()).toMatchObject({ message: 'Invalid API key' })
  })

  it('refuses requests without an API key (strict keys)', async () => {
    const response = await get('/rest/v1/')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
    // Open as on hosted projects: what third-party apps and their users' browsers reach without
    // the project's key (the OAuth 2.1 server is off here: Auth answers, not the gateway).
    for (const open of [
      '/auth/v1/oauth/authorize',
      '/auth/v1/oauth/token',
      '/auth/v1/.well-known/openid-configuration',
    ]) {
      expect((await get(open)).status, open).not.toBe(401)
    }
  })
})

describe('serve: browsers and proxies', () => {
  it('allows the public origin only in CORS', async () => {
    const preflight = await fetch(`${t.serve.url}/rest/v1/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example.net',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PUBLIC)
    const answer = await get('/auth/v1/settings', { ...publishable(), origin: PUBLIC })
    expect(answer.headers.get('access-control-allow-origin')).toBe(PUBLIC)
    const rest = await get('/rest/v1/', { ...publishable(), origin: 'https://evil.example.net' })
    expect(rest.headers.get('access-control-allow-origin')).toBe(PUBLIC)
  })

  it("records the client's address from a trusted proxy's X-Forwarded-For, and rate-limits by it", async () => {
    const signIn = (forwardedFor: string) =>
      fetch(`${t.serve.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          ...publishable(),
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'https',
        },
        body: JSON.stringify({ email: 'signer@example.com', password: 'a-long-password' }),
      })
    const first = await signIn('203.0.113.7')
    expect(first.status).toBe(200)
    const { user } = (await first.json()) as { user: { id: string } }
    const sql = postgres(t.serve.databaseUrl, { max: 1, onnotice: () => {} })
    try {
      const rows = await sql<{ ip: string }[]>`
        select host(ip) as ip from auth.sessions where user_id = ${user.id} and ip is not null
      `
      expect(rows.map((r) => r.ip)).toContain('203.0.113.7')
    } finally {
      await sql.end()
    }
    // sign_in_sign_ups = 3 per address: 203.0.113.7 has one left after two more tries...
    expect((await signIn('203.0.113.7')).status).toBe(200)
    expect((await signIn('203.0.113.7')).status).toBe(200)
    expect((await signIn('203.0.113.7')).status).toBe(429)
    // ...while another client behind the same proxy still signs in.
    expect((await signIn('198.51.100.4')).status).toBe(200)
  })
})

describe('serve: mail', () => {
  it('sends the sign-up confirmation through SMTP with its links on the public URL', async () => {
    const { error } = await client().auth.signUp({
      email: 'newcomer@example.com',
      password: 'a-long-password',
    })
    expect(error).toBeNull()
    const mail = await mailTo('newcomer@example.com')
    expect(mail.From).toEqual({ Name: 'Chorus', Address: 'no-reply@chat.example.com' })
    const link = /href="([^"]+)"/.exec(mail.HTML)?.[1]?.replace(/&amp;/g, '&') ?? ''
    expect(link.startsWith(`${PUBLIC}/auth/v1/verify?token=`)).toBe(true)
    expect(link).toContain(`redirect_to=${PUBLIC}`)
    // Followed (here on the server's own address, as the proxy would), it confirms and goes to the site.
    const verified = await fetch(link.replace(PUBLIC, t.serve.url), { redirect: 'manual' })
    expect(verified.status).toBe(303)
    expect(verified.headers.get('location')).toMatch(new RegExp(`^${PUBLIC}/?#access_token=`))
  })

  it("gives the Edge Functions Auth's SMTP server and the public URL, over config.toml's development values", async () => {
    const { data, error } = await client(t.serve.stack.keys.secretKey).functions.invoke(
      'mail-digest',
      { body: { to: 'reader@example.com' } }
    )
    expect(error).toBeNull()
    expect(data).toEqual({ sent: true })
    const mail = await mailTo('reader@example.com')
    expect(mail.Subject).toBe('Unread on Chorus')
    expect(mail.From).toEqual({ Name: 'Chorus', Address: 'no-reply@chat.example.com' })
    expect(mail.HTML).toContain(`href="${PUBLIC}/unsubscribe.html"`)
  })
})

describe('serve: refusals', () => {
  it('refuses to start without an SMTP server, saying what to set', async () => {
    const log = createLogger('silent')
    const { makeProject } = await import('../support/stack.ts')
    const workdir = await makeProject({ config: 'project_id = "no-smtp"\n' })
    const error = await serveOptions(
      {
        workdir,
        dataDir: path.join(workdir, 'data'),
        publicUrl: PUBLIC,
        host: undefined,
        port: 0,
        dbPort: undefined,
        trustedProxies: [],
        noSignup: false,
        appDist: t.serve.workdir,
        postgresBin: undefined,
        databaseUrl: undefined,
      },
      log
    ).catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).name).toBe('ServeError')
    expect((error as Error).message).toContain('[auth.email.smtp]')
    await rm(workdir, { recursive: true, force: true })
  })
})

describe('serve: restarted with sign-up closed and another trusted proxy', () => {
  it('reuses its keys, refuses sign-up with signup_disabled, still invites, and no longer believes X-Forwarded-For from here', async () => {
    const before = t.serve.stack.keys.publishableKey
    const session = await client().auth.signInWithPassword({
      email: 'signer@example.com',
      password: 'a-long-password',
    })
    expect(session.error).toBeNull()
    await t.serve.restart({ noSignup: true, trustedProxies: ['192.0.2.1'] })
    expect(t.serve.stack.keys.publishableKey).toBe(before)
    // A session signed before the restart is still good.
    const me = await get('/auth/v1/user', {
      ...publishable(),
      authorization: `Bearer ${session.data.session!.access_token}`,
    })
    expect(me.status).toBe(200)

    const signUp = await fetch(`${t.serve.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { ...publishable(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'walk-in@example.com', password: 'a-long-password' }),
    })
    expect(signUp.status).toBe(422)
    expect(await signUp.json()).toMatchObject({
      code: 422,
      error_code: 'signup_disabled',
      msg: 'Signups not allowed for this instance',
    })

    const admin = client(t.serve.stack.keys.secretKey)
    const invited = await admin.auth.admin.inviteUserByEmail('invitee@example.com')
    expect(invited.error).toBeNull()
    const mail = await mailTo('invitee@example.com')
    const link = /href="([^"]+)"/.exec(mail.HTML)?.[1]?.replace(/&amp;/g, '&') ?? ''
    expect(link.startsWith(`${PUBLIC}/auth/v1/verify?token=`)).toBe(true)
    // The invitation's link signs the invitee in although sign-up is closed.
    const accepted = await fetch(link.replace(PUBLIC, t.serve.url), { redirect: 'manual' })
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toContain('access_token=')

    const signIn = await fetch(`${t.serve.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        ...publishable(),
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.99',
      },
      body: JSON.stringify({ email: 'signer@example.com', password: 'a-long-password' }),
    })
    expect(signIn.status).toBe(200)
    const { user } = (await signIn.json()) as { user: { id: string } }
    const sql = postgres(t.serve.databaseUrl, { max: 1, onnotice: () => {} })
    try {
      const [latest] = await sql<{ ip: string }[]>`
        select host(ip) as ip from auth.sessions where user_id = ${user.id}
        order by created_at desc limit 1
      `
      expect(latest?.ip).toBe('127.0.0.1')
    } finally {
      await sql.end()
    }
  })
})
