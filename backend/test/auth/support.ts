// Shared by the Auth contract tests: stacks with an [auth] configuration, the local inbox read
// through its Mailpit-style API, emailed links followed like a browser follows them, and raw HTTP
// to /auth/v1 for what supabase-js does not expose.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack, TestStackOptions } from '../support/stack.ts'

export const SITE_URL = 'http://127.0.0.1:3000'

/** A config.toml with the CLI defaults plus the given [auth] / [auth.email] lines. */
export function authConfig(auth = '', email = '', extra = ''): string {
  return `project_id = "auth-test"
[auth]
site_url = "${SITE_URL}"
additional_redirect_urls = ["https://app.example.com/**", "myapp://callback"]
${auth}
[auth.email]
${email}
${extra}
`
}

export function startAuthStack(options: TestStackOptions = {}): Promise<TestStack> {
  return startTestStack({ config: authConfig(), ...options })
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

export interface InboxMessage {
  ID: string
  Subject: string
  To: { Address: string }[]
  Text: string
  HTML: string
}

/** The base URL of the stack's mail inbox (its own port, as Mailpit's in the CLI). */
export function inboxUrl(stack: TestStack): string {
  if (!stack.inboxUrl) throw new Error('this stack serves no inbox ([inbucket] enabled = false)')
  return stack.inboxUrl
}

/** The messages sent to an address, newest first (through the inbox's JSON API). */
export async function inboxFor(stack: TestStack, address: string): Promise<InboxMessage[]> {
  const response = await fetch(
    `${inboxUrl(stack)}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`
  )
  expect(response.status).toBe(200)
  const listing = (await response.json()) as { messages: { ID: string }[] }
  const messages: InboxMessage[] = []
  for (const summary of listing.messages) {
    const one = await fetch(`${inboxUrl(stack)}/api/v1/message/${summary.ID}`)
    messages.push((await one.json()) as InboxMessage)
  }
  return messages
}

/** The latest message to an address; fails when there is none. */
export async function latestMail(stack: TestStack, address: string): Promise<InboxMessage> {
  const messages = await inboxFor(stack, address)
  expect(messages.length, `no mail for ${address}`).toBeGreaterThan(0)
  return messages[0] as InboxMessage
}

/** The first link of an email (the /verify link of Auth's templates). */
export function linkOf(message: { HTML: string }): string {
  const match = /href="([^"]+)"/.exec(message.HTML)
  expect(match, 'the mail has no link').not.toBeNull()
  return (match?.[1] ?? '').replace(/&amp;/g, '&')
}

/** The six-digit code of an email. */
export function codeOf(message: { Text: string }): string {
  const match = /enter the code: (\d+)/i.exec(message.Text)
  expect(match, 'the mail has no code').not.toBeNull()
  return match?.[1] ?? ''
}

/** Follows a link once, as a browser would, and returns where it redirects. */
export async function follow(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' })
  const location = response.headers.get('location')
  expect(location, `no redirect from ${link} (status ${response.status})`).not.toBeNull()
  return { status: response.status, location: new URL(location as string) }
}

/** The parameters of a URL fragment. */
export function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''))
}

export interface RawResponse {
  status: number
  headers: Headers
  body: Record<string, unknown>
  text: string
}

/** A request to /auth/v1 with the anon key (unless `token` is given) and auth-js's version header. */
export async function authFetch(
  stack: TestStack,
  path: string,
  init: {
    method?: string
    body?: unknown
    rawBody?: string
    token?: string | null
    versioned?: boolean
    headers?: Record<string, string>
  } = {}
): Promise<RawResponse> {
  const headers: Record<string, string> = { apikey: stack.anonKey, ...init.headers }
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? stack.anonKey}`
  if (init.versioned !== false) headers['x-supabase-api-version'] = '2024-01-01'
  let body: string | undefined
  if (init.rawBody !== undefined) body = init.rawBody
  else if (init.body !== undefined) body = JSON.stringify(init.body)
  if (body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8'
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    // Redirects (GET /verify) are answers to look at, not to follow.
    redirect: 'manual',
  })
  const text = await response.text()
  let parsed: Record<string, unknown>
  try {
    parsed = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
  } catch {
    parsed = {}
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** Decodes a JWT's header and payload (no verification). */
export function decodeJwt(token: string): {
  header: Record<string, unknown>
  payload: Record<string, unknown>
} {
  const [header = '', payload = ''] = token.split('.')
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >,
  }
}

/** A confirmed user made through the admin API, signed in (works whatever the confirmation setting). */
export async function confirmedClient(
  stack: TestStack,
  email = uniqueEmail(),
  password = 'secret-pass-1'
) {
  const admin = stack.client(stack.serviceRoleKey)
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  expect(created.error).toBeNull()
  const client = stack.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return { client, email, password, session: data.session!, user: data.user! }
}

/** Signs up (autoconfirm) and returns the signed-in client and its session. */
export async function signedUpClient(
  stack: TestStack,
  email = uniqueEmail(),
  password = 'secret-pass-1'
) {
  const client = stack.client()
  const { data, error } = await client.auth.signUp({ email, password })
  expect(error).toBeNull()
  expect(data.session).not.toBeNull()
  return { client, email, password, session: data.session!, user: data.user! }
}

export type { SupabaseClient, TestStack }
