// No secret in the stack's log (issue 46, item 7): Chorus's project under `serve` with
// LOG_LEVEL=debug, the log written as `serve` writes it (one line per event, to stdout), and
// everything the process writes to stdout and stderr captured (the functions' console too).
// Requests carry each kind of secret a team's server sees in URLs: an incoming webhook's secret,
// a slash command's response_url secret, an unsubscribe token, Storage's signed download and
// upload tokens, `apikey=` and `access_token=` query parameters, Auth's verification token, a
// bot token in the query string (refused, as Slack refuses it) and in the header. The captured
// log (the functions' console output too) names the requests (redacted) and holds none of the
// secrets.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatWithOptions } from 'node:util'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOptions } from '../../backend/src/cli/serve.ts'
import type { ServeArgs } from '../../backend/src/cli/serve.ts'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import type { Stack } from '../../backend/src/stack.ts'
import { cloneDatabase, fakeAppDist, startTestSmtp } from '../../backend/test/support/serve.ts'
import type { TestSmtp } from '../../backend/test/support/serve.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { World } from './support/world.ts'

const REPO = path.resolve(import.meta.dirname, '../..')

let captured = ''
const writes = { out: process.stdout.write, err: process.stderr.write }
function capture(): void {
  const tee =
    (original: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      captured += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()
      return (original as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest)
    }
  process.stdout.write = tee(writes.out) as typeof process.stdout.write
  process.stderr.write = tee(writes.err) as typeof process.stderr.write
  // The functions' console (the stack redacts it on top of this; vitest routes it elsewhere).
  for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[name].bind(console)
    console[name] = (...args: unknown[]) => {
      captured += `${formatWithOptions({ colors: false }, ...args)}\n`
      original(...args)
    }
  }
}
function release(): void {
  process.stdout.write = writes.out
  process.stderr.write = writes.err
}

let level: string | undefined
let smtp: TestSmtp
let database: { url: string; drop(): Promise<void> }
let workdir: string
let dataDir: string
let appDist: string
let stack: Stack
let sql: Sql
let world: World
/** Every secret the test made or sent, by what it is. */
const secrets: Record<string, string> = {}

beforeAll(async () => {
  level = process.env.LOG_LEVEL
  process.env.LOG_LEVEL = 'debug'
  smtp = await startTestSmtp()
  workdir = await mkdtemp(path.join(tmpdir(), 'log-secrets-'))
  await mkdir(path.join(workdir, 'supabase'))
  for (const dir of ['migrations', 'functions', 'templates', 'chorus.toml']) {
    await symlink(path.join(REPO, 'supabase', dir), path.join(workdir, 'supabase', dir))
  }
  const config = await readFile(path.join(REPO, 'supabase', 'config.toml'), 'utf8')
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    `${config}
[auth.email.smtp]
enabled = true
host = "127.0.0.1"
port = ${smtp.port}
user = "chorus"
pass = "smtp-password"
admin_email = "no-reply@chat.example.com"
sender_name = "Chorus"
`
  )
  dataDir = await mkdtemp(path.join(tmpdir(), 'log-secrets-data-'))
  appDist = await fakeAppDist()
  database = await cloneDatabase()
  const args: ServeArgs = {
    workdir,
    dataDir,
    publicUrl: 'https://chat.example.com',
    host: undefined,
    port: 0,
    dbPort: undefined,
    trustedProxies: [],
    noSignup: false,
    appDist,
    postgresBin: undefined,
    databaseUrl: database.url,
  }
  capture()
  // The logger `serve` makes (cli/serve.ts), at debug level.
  stack = await startStack(await serveOptions(args, createLogger('debug', '', { lines: true })))
  sql = postgres(database.url, { max: 2, onnotice: () => {} })
  world = await buildWorld({ sql, keys: stack.keys } as unknown as TestStack)
}, 180_000)

afterAll(async () => {
  release()
  if (level === undefined) delete process.env.LOG_LEVEL
  else process.env.LOG_LEVEL = level
  await sql?.end({ timeout: 2 })
  await stack?.stop()
  await database?.drop()
  await smtp?.close()
  for (const dir of [dataDir, appDist, workdir]) {
    if (dir) await rm(dir, { recursive: true, force: true })
  }
})

const api = (pathAndQuery: string) => `${stack.apiUrl}${pathAndQuery}`
const secretish = () => randomBytes(24).toString('base64url')

describe('serve at LOG_LEVEL=debug', () => {
  it('takes requests carrying every kind of secret', async () => {
    const { admin, member } = world.people
    secrets.personJwt = member.token
    secrets.secretKey = stack.keys.secretKey
    secrets.serviceRoleKey = stack.keys.serviceRoleKey

    // An incoming webhook: its real URL, then a wrong secret for it.
    const [hook] = await asRole(
      sql,
      admin,
      (tx) => tx<{ id: string; secret: string }[]>`
        select * from public.create_incoming_webhook(${world.ch.plaza}, 'CI', ':robot_face:')`
    )
    secrets.webhookSecret = hook!.secret
    secrets.wrongWebhookSecret = secretish()
    const posted = await fetch(api(`/functions/v1/webhooks/${hook!.id}/${hook!.secret}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'build passed' }),
    })
    expect([posted.status, await posted.text()]).toEqual([200, 'ok'])
    const wrong = await fetch(
      api(`/functions/v1/webhooks/${hook!.id}/${secrets.wrongWebhookSecret}`),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' }
    )
    expect(wrong.status).toBe(403)
    await wrong.text()

    // A slash command's response_url (the run and its secret as the function hands them out).
    secrets.responseUrlSecret = secretish().slice(0, 32)
    const respond = await fetch(
      api(`/functions/v1/slash-commands/respond/${randomUUID()}/${secrets.responseUrlSecret}`),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"hi"}' }
    )
    expect(respond.status).toBe(404)
    await respond.text()

    // An unsubscribe link of a notification email, clicked and one-click posted.
    const [token] = await sql<{ email_token: string }[]>`
      select email_token from public.notification_settings where user_id = ${member.id}`.catch(
      () => [] as { email_token: string }[]
    )
    secrets.unsubscribeToken = token?.email_token ?? secretish()
    for (const method of ['GET', 'POST']) {
      const answer = await fetch(
        api(
          `/functions/v1/notify-email?unsubscribe=${encodeURIComponent(secrets.unsubscribeToken)}`
        ),
        { method, redirect: 'manual' }
      )
      expect(answer.status).toBeLessThan(500)
      await answer.text()
    }

    // Storage: a signed download URL and a signed upload URL, both used.
    const service = createClient(stack.apiUrl, stack.keys.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const object = `${world.ws}/${world.ch.plaza}/${randomUUID()}/notes.txt`
    const uploaded = await service.storage.from('attachments').upload(object, 'secret notes')
    expect(uploaded.error).toBeNull()
    const signed = await service.storage.from('attachments').createSignedUrl(object, 60)
    expect(signed.error).toBeNull()
    secrets.signedUrlToken = new URL(signed.data!.signedUrl).searchParams.get('token')!
    const download = await fetch(signed.data!.signedUrl)
    expect(await download.text()).toBe('secret notes')
    const other = `${world.ws}/${world.ch.plaza}/${randomUUID()}/more.txt`
    const upload = await service.storage.from('attachments').createSignedUploadUrl(other)
    expect(upload.error).toBeNull()
    secrets.signedUploadToken = upload.data!.token
    const put = await service.storage
      .from('attachments')
      .uploadToSignedUrl(other, upload.data!.token, 'more')
    expect(put.error).toBeNull()

    // apikey= and access_token= in query strings (REST, and Realtime's socket as realtime-js opens it).
    const rest = await fetch(
      api(
        `/rest/v1/channels?select=id&apikey=${stack.keys.publishableKey}&access_token=${member.token}`
      ),
      { headers: { apikey: stack.keys.publishableKey, Authorization: `Bearer ${member.token}` } }
    )
    // PostgREST takes them for filters on columns that do not exist: a 400, logged all the same.
    expect(rest.status).toBe(400)
    await rest.text()
    const person = createClient(stack.apiUrl, stack.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    await person.realtime.setAuth(member.token)
    await new Promise<void>((resolve, reject) => {
      const channel = person.channel(`live:user:${member.id}`, { config: { private: true } })
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status))
      })
    })
    await person.removeAllChannels()

    // Auth: a verification link's token, and a sign-up's password in a body.
    secrets.verifyToken = secretish()
    const verify = await fetch(
      api(
        `/auth/v1/verify?token=${secrets.verifyToken}&type=signup&redirect_to=https://chat.example.com`
      ),
      { headers: { apikey: stack.keys.publishableKey }, redirect: 'manual' }
    )
    expect(verify.status).toBeLessThan(500)
    await verify.text()
    secrets.password = `pw-${secretish()}`
    const signup = await fetch(api('/auth/v1/signup'), {
      method: 'POST',
      headers: { apikey: stack.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `log-${randomUUID()}@example.com`,
        password: secrets.password,
      }),
    })
    expect(signup.status).toBeLessThan(500)
    await signup.text()

    // A bot token: refused in the query string as Slack refuses it, taken from the header.
    const [bot] = await asRole(
      sql,
      admin,
      (tx) => tx<{ token: string }[]>`select * from public.create_bot(${world.ws}, 'Deploy Bot')`
    )
    secrets.botToken = bot!.token
    for (const method of ['GET', 'POST']) {
      const refused = await fetch(api(`/functions/v1/slack-api/auth.test?token=${bot!.token}`), {
        method,
      })
      expect(refused.status).toBe(200)
      expect(await refused.json()).toEqual({
        ok: false,
        error: 'not_authed',
        response_metadata: {
          messages: [
            '[ERROR] A token in the query string is not accepted: send it in the Authorization header (Bearer) or in the POST body.',
          ],
        },
      })
    }
    const taken = await fetch(api('/functions/v1/slack-api/auth.test'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bot!.token}` },
    })
    expect(((await taken.json()) as { ok: boolean }).ok).toBe(true)
    const inBody = await fetch(api('/functions/v1/slack-api/auth.test'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${bot!.token}`,
    })
    expect(((await inBody.json()) as { ok: boolean }).ok).toBe(true)
  }, 60_000)

  it('logged each request with its URL redacted', () => {
    const lines = captured.split('\n')
    const logged = (pattern: RegExp) => lines.some((line) => pattern.test(line))
    expect(logged(/POST \/functions\/v1\/webhooks\/[0-9a-f-]{36}\/\[REDACTED\] 200 /)).toBe(true)
    expect(logged(/POST \/functions\/v1\/webhooks\/[0-9a-f-]{36}\/\[REDACTED\] 403 /)).toBe(true)
    expect(
      logged(/POST \/functions\/v1\/slash-commands\/respond\/[0-9a-f-]{36}\/\[REDACTED\] 404 /)
    ).toBe(true)
    expect(logged(/GET \/functions\/v1\/notify-email\?unsubscribe=\[REDACTED\] /)).toBe(true)
    expect(
      logged(/GET \/storage\/v1\/object\/sign\/attachments\/\S+\?token=\[REDACTED\] 200 /)
    ).toBe(true)
    expect(
      logged(
        /GET \/rest\/v1\/channels\?select=\[REDACTED\]&apikey=\[REDACTED\]&access_token=\[REDACTED\] 400 /
      )
    ).toBe(true)
    expect(logged(/GET \/functions\/v1\/slack-api\/auth\.test\?token=\[REDACTED\] 200 /)).toBe(true)
  })

  it('holds none of the secrets', () => {
    expect(Object.keys(secrets).length).toBeGreaterThanOrEqual(12)
    const found = Object.entries(secrets)
      .filter(([, value]) => value && captured.includes(value))
      .map(([name]) => name)
    expect(found).toEqual([])
  })
})
