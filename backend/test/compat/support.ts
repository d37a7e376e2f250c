// Shared by the compatibility suites: the CLI's demo keys, a config.toml like the one
// `supabase init` writes, the inbox read through Mailpit's JSON API (on a port of its own, as the
// CLI runs Mailpit on :54324), and waiting on asynchronous events.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { TestStack } from '../support/stack.ts'

/** The Supabase CLI's local keys (pkg/config/apikeys.go). */
export const CLI = {
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  publishableKey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  secretKey: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
} as const

/** The parts of `supabase init`'s config.toml these suites rely on, with CLI default values. */
export function cliConfig(projectId: string, extra = ''): string {
  return `project_id = "${projectId}"

[api]
enabled = true
port = 54321
schemas = ["public", "graphql_public"]
extra_search_path = ["public", "extensions"]
max_rows = 1000

[realtime]
enabled = true

[storage]
enabled = true
file_size_limit = "50MiB"

[auth]
enabled = true
site_url = "http://127.0.0.1:3000"
additional_redirect_urls = ["https://127.0.0.1:3000"]
jwt_expiry = 3600
enable_refresh_token_rotation = true
refresh_token_reuse_interval = 10
enable_signup = true
enable_anonymous_sign_ins = false
minimum_password_length = 6

[auth.email]
enable_signup = true
double_confirm_changes = true
enable_confirmations = false
max_frequency = "1s"
otp_length = 6
otp_expiry = 3600
${extra}
`
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

export interface MailpitMessage {
  ID: string
  Subject: string
  From: { Name: string; Address: string }
  To: { Name: string; Address: string }[]
  Text: string
  HTML: string
}

/** Messages to one address, newest first, read as apps read Mailpit: search, then each message. */
export async function mailTo(stack: TestStack, address: string): Promise<MailpitMessage[]> {
  const query = encodeURIComponent(`to:"${address}"`)
  const inbox = stack.inboxUrl
  if (!inbox) throw new Error('this stack serves no inbox ([inbucket] enabled = false)')
  const search = await fetch(`${inbox}/api/v1/search?query=${query}`)
  expect(search.status).toBe(200)
  const { messages } = (await search.json()) as { messages: { ID: string }[] }
  return Promise.all(
    messages.map(async ({ ID }) => {
      const response = await fetch(`${inbox}/api/v1/message/${ID}`)
      expect(response.status).toBe(200)
      return (await response.json()) as MailpitMessage
    })
  )
}

/** The newest mail to an address; fails when there is none. */
export async function latestMailTo(stack: TestStack, address: string): Promise<MailpitMessage> {
  const messages = await mailTo(stack, address)
  expect(messages.length, `no mail for ${address}`).toBeGreaterThan(0)
  return messages[0]!
}

/** The one-time code GoTrue's default templates print ("enter the code: 123456"). */
export function otpOf(message: MailpitMessage): string {
  const match = /code: (\d{6,10})/i.exec(message.Text)
  expect(match, `no code in: ${message.Text}`).not.toBeNull()
  return match![1]!
}

/** The first link of a mail (the /auth/v1/verify link of GoTrue's templates). */
export function linkOf(message: MailpitMessage): string {
  const match = /href="([^"]+)"/.exec(message.HTML)
  expect(match, 'no link in the mail').not.toBeNull()
  return match![1]!.replace(/&amp;/g, '&')
}

/** Resolves once `check` returns a value other than undefined; rejects after `ms`. */
export async function waitFor<T>(check: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Decodes a JWT payload without verifying it (what apps do to read claims). */
export function claimsOf(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** The password of the users the suites sign up. */
export const PASSWORD = 'example-password'

/** A new user signed up with supabase-js (autoconfirm: the session comes back at once). */
export async function signUpUser(stack: TestStack, prefix: string) {
  const client = stack.client()
  const email = uniqueEmail(prefix)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error) throw error
  return { client, email, session: data.session!, user: data.user! }
}
