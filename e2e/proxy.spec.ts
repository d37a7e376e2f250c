// Chorus behind a real reverse proxy (docs/own-server.md (Behind Caddy)): `serve` (production mode)
// started by this spec with an SMTP server of its own, Debian's Caddy in front of it on loopback
// with automatic TLS (its internal CA), and Chromium reaching Caddy at https://chat.test:<port>
// over IPv6 loopback (::1) while Caddy reaches serve over 127.0.0.1. Two people sign up and
// confirm by mail, share a workspace, chat live over the proxied WebSocket and pass a file; the
// address Auth records for a session is the browser's (::1), never the proxy's.
import { chromium } from '@playwright/test'
import { expect, test } from './support/test.ts'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import postgres from 'postgres'
import { CHROMIUM_ARGS, HEADLESS_SHELL } from './playwright.config.ts'
import { confirmedMessageWith, messageWith, send, waitLive } from './support/actors.ts'
import { startCaddy } from './support/caddy.ts'
import type { RunningCaddy } from './support/caddy.ts'
import { startServe } from './support/serve-process.ts'
import type { ServeProcess } from './support/serve-process.ts'
import { startTestSmtp } from './support/smtp.ts'
import type { TestSmtp } from './support/smtp.ts'
import { freePort } from './support/stack-process.ts'
import { createInviteLink, createWorkspace } from './support/workspace.ts'

const HOST = 'chat.test'
const log = process.env.E2E_STACK_LOG
  ? (name: string) => (line: string) => process.stdout.write(`[${name}] ${line}\n`)
  : () => undefined

let smtp: TestSmtp
let serve: ServeProcess
let caddy: RunningCaddy
let browser: Browser
let publicUrl: string

test.beforeAll(async () => {
  test.setTimeout(240_000)
  smtp = await startTestSmtp()
  const httpPort = await freePort()
  const httpsPort = await freePort()
  publicUrl = `https://${HOST}:${httpsPort}`
  serve = await startServe({ smtpPort: smtp.port, publicUrl, log: log('serve') })
  caddy = await startCaddy({
    host: HOST,
    upstreamPort: serve.port,
    httpPort,
    httpsPort,
    log: log('caddy'),
  })
  browser = await chromium.launch({
    executablePath: HEADLESS_SHELL,
    // chat.test is ::1 for this browser only: its requests reach Caddy from ::1.
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} [::1]`],
  })
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  await browser?.close()
  await caddy?.stop()
  await serve?.stop()
  await smtp?.close()
})

interface Person {
  name: string
  email: string
  password: string
  context: BrowserContext
  page: Page
}

let counter = 0
async function person(name: string): Promise<Person> {
  counter += 1
  const tag = `${Date.now().toString(36)}${counter}`
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
  })
  return {
    name: `${name} ${tag.slice(-4)}`,
    email: `${name.toLowerCase()}.${tag}@example.test`,
    password: `pw-${tag}-Secret!`,
    context,
    page: await context.newPage(),
  }
}

/** Signs up at the public URL and follows the confirmation link the SMTP server received. */
async function signUpAndConfirm(who: Person, path: string): Promise<void> {
  const { page } = who
  await page.goto(publicUrl + path)
  await page.getByLabel('Display name').fill(who.name)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const link = await smtp.linkFrom(who.email, /confirm/i)
  expect(link.startsWith(`${publicUrl}/`), `the link ${link} is on ${publicUrl}`).toBe(true)
  await page.goto(link)
}

/** my_sessions through the proxy (REST rpc with the page's token): [ip, current] per session. */
function mySessions(page: Page): Promise<{ ip: string; current: boolean; user_agent: string }[]> {
  return page.evaluate(async () => {
    const config = (await (await fetch('/config.json')).json()) as {
      supabaseUrl: string
      supabaseKey: string
    }
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))
    const session = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
    const response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/my_sessions`, {
      method: 'POST',
      headers: {
        apikey: config.supabaseKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
    if (!response.ok) throw new Error(`my_sessions: ${response.status} ${await response.text()}`)
    return (await response.json()) as { ip: string; current: boolean; user_agent: string }[]
  })
}

test('Chorus through Caddy: mail links, live chat over the proxied socket, a file, the browser address', async () => {
  // Two sign-ups by mail, a workspace, an invitation, chat and a file: the longest scenario path
  // (chat.scenario.spec.ts's size), on a machine where serve and the dev stack both run.
  test.setTimeout(240_000)
  const ann = await person('Ann')
  const ben = await person('Ben')
  const workspace = `Proxied ${Date.now().toString(36)}`

  await test.step('the health endpoint answers through the proxy; http redirects to https', async () => {
    const health = await ann.page.goto(`${publicUrl}/health`)
    expect(health!.status()).toBe(200)
    // Caddy's automatic HTTPS: http on its http port is a permanent redirect to https, same
    // host and path. Caddy names no port when the site's is its https_port (443 on a server).
    const plain = await ann.page.request.fetch(`http://[::1]:${caddy.httpPort}/sign-in?next=1`, {
      headers: { host: `${HOST}:${caddy.httpPort}` },
      maxRedirects: 0,
    })
    expect(plain.status()).toBe(308)
    expect(plain.headers()['location']).toBe(`https://${HOST}/sign-in?next=1`)
  })

  await test.step('Ann signs up, confirms through the mailed link, creates a workspace', async () => {
    await signUpAndConfirm(ann, '/sign-up')
    await createWorkspace(ann, workspace)
  })

  await test.step('Ben joins through an invite link on the public URL', async () => {
    const link = await createInviteLink(ann.page)
    expect(link.startsWith(`${publicUrl}/invite/`), link).toBe(true)
    await signUpAndConfirm(ben, new URL(link).pathname)
    await ben.page.getByRole('button', { name: `Join ${workspace}` }).click()
    await expect(
      ben.page.getByRole('heading', { level: 2, name: 'general', exact: true })
    ).toBeVisible()
    await waitLive(ann.page)
    await waitLive(ben.page)
  })

  await test.step('live messages both ways over the proxied WebSocket', async () => {
    await send(ann.page, 'Hello Ben, through Caddy')
    await expect(confirmedMessageWith(ben.page, 'Hello Ben, through Caddy')).toBeVisible()
    await send(ben.page, 'Hi Ann, loud and clear')
    await expect(confirmedMessageWith(ann.page, 'Hi Ann, loud and clear')).toBeVisible()
  })

  await test.step('a file Ben uploads, Ann downloads byte for byte', async () => {
    const content = Buffer.from('minutes: ship it ✓\nbytes: \u00e9\u00df\u2603\n', 'utf8')
    await ben.page.getByTestId('file-input').setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: content,
    })
    await expect(
      ben.page.getByRole('progressbar', { name: 'Upload of minutes.txt' })
    ).toHaveAttribute('class', 'progress-done')
    await send(ben.page, 'the minutes')
    // a text file: shown as a snippet (issue 68), its Download link the card's
    const card = messageWith(ann.page, 'the minutes').locator('.attachments')
    const link = card.getByRole('link', { name: 'Download minutes.txt' })
    await expect(link).toHaveAttribute('href', new RegExp(`^${publicUrl}/storage/v1/object/sign/`))
    const href = (await link.getAttribute('href'))!
    // Fetched by the page, as the browser downloads it: through Caddy, over ::1.
    const bytes = await ann.page.evaluate(async (url) => {
      const response = await fetch(url)
      if (!response.ok) throw new Error(`download: ${response.status}`)
      return [...new Uint8Array(await response.arrayBuffer())]
    }, href)
    expect(Buffer.from(bytes).equals(content)).toBe(true)
  })

  await test.step("the address Auth records is the browser's (::1), not the proxy's", async () => {
    const sessions = await mySessions(ann.page)
    const current = sessions.filter((s) => s.current)
    expect(current).toHaveLength(1)
    expect(current[0]!.ip).toBe('::1')
    expect(sessions.map((s) => s.ip)).not.toContain('127.0.0.1')
    const agent = await ann.page.evaluate(() => navigator.userAgent)
    expect(current[0]!.user_agent).toBe(agent)
    // Auth's own session rows agree, for both people.
    const sql = postgres(serve.dbUrl, { max: 1, onnotice: () => {} })
    try {
      const rows = await sql<{ email: string; ip: string }[]>`
        select u.email, host(s.ip) as ip from auth.sessions s join auth.users u on u.id = s.user_id
        where u.email in (${ann.email}, ${ben.email})
      `
      expect(rows.map((r) => r.email).sort()).toEqual([ann.email, ben.email].sort())
      expect(rows.map((r) => r.ip)).toEqual(rows.map(() => '::1'))
    } finally {
      await sql.end({ timeout: 2 })
    }
  })

  await ann.context.close()
  await ben.context.close()
})
