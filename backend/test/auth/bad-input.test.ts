// Every endpoint against odd bodies and parameters: whatever arrives, the answer is a 4xx in
// GoTrue's format (never a 500), and the accounts that exist are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, signedUpClient } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  // Limits out of the way, so that every odd body reaches the code that reads it.
  stack = await startTestStack({
    config: authConfig(
      '',
      '',
      `[auth.rate_limit]
sign_in_sign_ups = 1000000
token_refresh = 1000000
token_verifications = 1000000
email_sent = 1000000`
    ),
  })
})

afterAll(async () => {
  await stack?.stop()
})

const LONG = 'x'.repeat(5000)

/** Values of every JSON type, plus strings that have broken other parsers. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1.5,
  '',
  ' ',
  LONG,
  "'; drop table auth.users; --",
  '%00\u0000nul',
  'emoji 😀@example.com',
  '../../etc/passwd',
  [],
  ['a'],
  {},
  { nested: { deeper: [1, { x: null }] } },
]

const FIELDS = [
  'email',
  'password',
  'phone',
  'data',
  'token',
  'token_hash',
  'type',
  'refresh_token',
  'auth_code',
  'code_verifier',
  'code_challenge',
  'code_challenge_method',
  'create_user',
  'new_email',
  'nonce',
  'app_metadata',
  'user_metadata',
  'ban_duration',
  'id',
  'role',
  'should_soft_delete',
]

function bodies(): unknown[] {
  const out: unknown[] = [null, [], 'string', 42, {}]
  for (const field of FIELDS) {
    for (const value of ODD_VALUES) out.push({ [field]: value })
  }
  return out
}

describe('odd input never breaks an endpoint', () => {
  it('answers every odd body with a 4xx in GoTrue format', async () => {
    // The endpoints act on `user` (some odd bodies are valid updates of it); `bystander` must
    // come out exactly as it went in.
    const { session, user } = await signedUpClient(stack)
    const bystander = await signedUpClient(stack)
    const rowOf = async (id: string) =>
      (
        await stack.sql`select to_jsonb(u) - 'updated_at' as row from auth.users u where id = ${id}`
      )[0]?.row
    const before = await rowOf(bystander.user.id)
    const admin = stack.serviceRoleKey
    const endpoints: { path: string; method: string; token?: string }[] = [
      { path: '/signup', method: 'POST' },
      { path: '/token?grant_type=password', method: 'POST' },
      { path: '/token?grant_type=refresh_token', method: 'POST' },
      { path: '/token?grant_type=pkce', method: 'POST' },
      { path: '/otp', method: 'POST' },
      { path: '/magiclink', method: 'POST' },
      { path: '/recover', method: 'POST' },
      { path: '/resend', method: 'POST' },
      { path: '/verify', method: 'POST' },
      { path: '/user', method: 'PUT', token: session.access_token },
      { path: '/admin/users', method: 'POST', token: admin },
      { path: `/admin/users/${user.id}`, method: 'PUT', token: admin },
      { path: '/admin/generate_link', method: 'POST', token: admin },
      { path: '/invite', method: 'POST', token: admin },
      { path: '/factors', method: 'POST', token: session.access_token },
    ]
    const failures: string[] = []
    const check = async (endpoint: (typeof endpoints)[number], body: unknown) => {
      const response = await authFetch(stack, endpoint.path, {
        method: endpoint.method,
        token: endpoint.token,
        rawBody: JSON.stringify(body),
      })
      const described = `${endpoint.method} ${endpoint.path} ${JSON.stringify(body).slice(0, 80)}`
      if (response.status >= 500)
        failures.push(`${described} -> ${response.status} ${response.text}`)
      const formatted =
        typeof response.body.code === 'string' || typeof response.body.error === 'string'
      if (response.status >= 400 && !formatted) {
        failures.push(`${described} -> unformatted ${response.status} ${response.text}`)
      }
    }
    for (const endpoint of endpoints) {
      const queue = bodies()
      // A few requests at a time keeps the run short without flooding the shared machine.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
            await check(endpoint, body)
          }
        })
      )
    }
    expect(failures).toEqual([])
    expect(await rowOf(bystander.user.id)).toEqual(before)
    const { error } = await stack
      .client()
      .auth.signInWithPassword({ email: bystander.email, password: bystander.password })
    expect(error).toBeNull()
  }, 120_000)

  it('answers odd query strings with a 4xx', async () => {
    const paths = [
      '/token',
      '/token?grant_type=',
      '/token?grant_type=password&grant_type=refresh_token',
      '/logout?scope=%00',
      '/admin/users?page=-1',
      '/admin/users?per_page=1e3',
      '/admin/users?page=99999999999999999999',
      '/verify?type=signup',
      `/verify?type=signup&token=${'z'.repeat(3000)}`,
      '/verify?type=%FF&token=x',
    ]
    for (const path of paths) {
      const method = path.startsWith('/token') || path.startsWith('/logout') ? 'POST' : 'GET'
      const response = await authFetch(stack, path, {
        method,
        token: path.startsWith('/admin') ? stack.serviceRoleKey : undefined,
        rawBody: method === 'POST' ? '{}' : undefined,
      })
      expect(response.status, path).toBeLessThan(500)
    }
  })
})
