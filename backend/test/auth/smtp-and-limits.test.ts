// Mail through a configured SMTP server (a real receiver, smtp-server + mailparser, runs in the
// test) with custom templates, the hourly email limit, and the per-IP request rate limits of
// [auth.rate_limit].
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, follow, fragmentOf, inboxFor, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

const received: { auth: string | null; mail: ParsedMail }[] = []
let smtp: SMTPServer
let stack: TestStack

const TEMPLATE = `<h1>Welcome to {{ .SiteURL }}</h1>
<p>Hi {{ .Data.full_name }}, confirm <a href="{{ .ConfirmationURL }}">here</a> or type {{ .Token }}.</p>`

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') {
        callback(null, { user: auth.username })
      } else {
        callback(new Error('Invalid username or password'))
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ auth: (session.user as string | undefined) ?? null, mail })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  const port = (smtp.server.address() as AddressInfo).port
  stack = await startTestStack({
    config: authConfig(
      '',
      'enable_confirmations = true\nmax_frequency = "0s"',
      `[auth.email.smtp]
host = "127.0.0.1"
port = ${port}
user = "mailer"
pass = "secret"
admin_email = "noreply@chorus.test"
sender_name = "Chorus"

[auth.email.template.confirmation]
subject = "Welcome, {{ .Email }}"
content_path = "./templates/confirm.html"

[auth.rate_limit]
email_sent = 3
sign_in_sign_ups = 6
token_refresh = 2
token_verifications = 30
`
    ),
    files: { 'templates/confirm.html': TEMPLATE },
  })
})

afterAll(async () => {
  await stack?.stop()
  await new Promise<void>((resolve) => smtp?.close(() => resolve()))
})

function mailTo(address: string): ParsedMail | undefined {
  return received.find((r) => r.mail.to && JSON.stringify(r.mail.to).includes(address))?.mail
}

describe('mail through SMTP', () => {
  it('sends the confirmation through the SMTP server with the custom template', async () => {
    const email = uniqueEmail('smtp')
    const { error } = await stack.client().auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { data: { full_name: 'Ada <Admin>' } },
    })
    expect(error).toBeNull()
    const mail = mailTo(email)
    expect(mail, 'the SMTP server got no mail').toBeDefined()
    expect(received.at(-1)?.auth).toBe('mailer')
    expect(mail!.subject).toBe(`Welcome, ${email}`)
    expect(mail!.from?.value[0]).toEqual({ address: 'noreply@chorus.test', name: 'Chorus' })
    const html = mail!.html as string
    expect(html).toContain('<h1>Welcome to http://127.0.0.1:3000</h1>')
    expect(html).toContain('Hi Ada &lt;Admin&gt;')
    expect(html).toMatch(/type \d{6}\./)
    // Nothing lands in the local inbox when SMTP is configured.
    expect(await inboxFor(stack, email)).toHaveLength(0)
    const link = /href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
    const { location } = await follow(link)
    expect(fragmentOf(location).get('type')).toBe('signup')
  })

  it('stops sending after email_sent messages an hour (429 over_email_send_rate_limit)', async () => {
    // One mail was sent above; two more are allowed.
    for (let i = 0; i < 2; i++) {
      const { error } = await stack
        .client()
        .auth.signUp({ email: uniqueEmail('quota'), password: 'secret-pass-1' })
      expect(error).toBeNull()
    }
    const email = uniqueEmail('over')
    const { error } = await stack.client().auth.signUp({ email, password: 'secret-pass-1' })
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_email_send_rate_limit')
    expect(error?.message).toBe('email rate limit exceeded')
    // The refused sign-up left no account behind.
    expect(await stack.sql`select 1 from auth.users where email = ${email}`).toHaveLength(0)
  })
})

describe('request rate limits per IP', () => {
  it('limits sign-ins per IP (sign_in_sign_ups) with over_request_rate_limit', async () => {
    // Four sign-ups happened above; two more attempts are allowed from this address.
    const credentials = { email: uniqueEmail(), password: 'wrong-pass-1' }
    for (let i = 0; i < 2; i++) {
      const response = await authFetch(stack, '/token?grant_type=password', { body: credentials })
      expect(response.status).toBe(400)
    }
    const limited = await authFetch(stack, '/token?grant_type=password', { body: credentials })
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
    // Another client address (the IPv6 loopback) has its own allowance.
    const port = new URL(stack.url).port
    const other = await fetch(`http://[::1]:${port}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    })
    expect(other.status).toBe(400)
  })

  it('limits refresh-token grants (token_refresh) separately', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await authFetch(stack, '/token?grant_type=refresh_token', {
        body: { refresh_token: 'unknowntoken' },
      })
      expect(response.body.code).toBe('refresh_token_not_found')
    }
    const limited = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: 'unknowntoken' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('over_request_rate_limit')
  })
})
