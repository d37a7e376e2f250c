// Chorus's account changes through supabase-js against the project's own config.toml: a session
// alone changes neither the password nor the email. Auth checks the current password of every
// password change (update_password_require_current_password, GoTrue's
// UpdatePasswordRequireCurrentPassword; a reset link's session is exempt), a session older than 24
// hours also needs the code Auth emails (secure_password_change), and an email change needs the
// current password or that code (Chorus's recent proof: reauth.test.ts) and is confirmed
// from both addresses (double_confirm_changes) before it takes effect. Two-factor accounts: aal2
// for either (backend/test/auth/mfa-totp.test.ts).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { codeOf, inboxFor, latestMail } from '../../backend/test/auth/support.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

async function signedIn() {
  const email = `account-${randomUUID().slice(0, 8)}@example.test`
  const password = 'secret-pass-1'
  const admin = stack.client(stack.serviceRoleKey)
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  expect(created.error).toBeNull()
  const client = stack.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  const claims = JSON.parse(
    Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()
  ) as { session_id: string }
  return { client, email, password, sessionId: claims.session_id, id: data.user!.id }
}

describe('changing the password', () => {
  it('is refused to a fresh session access token alone: Auth wants the current password', async () => {
    const { client, email, password } = await signedIn()
    const refused = await client.auth.updateUser({ password: 'stolen-pass-1' })
    expect(refused.error?.status).toBe(400)
    expect(refused.error?.code).toBe('current_password_required')
    const wrong = await client.auth.updateUser({
      password: 'stolen-pass-1',
      current_password: 'a-guess-1',
    })
    expect(wrong.error?.code).toBe('current_password_invalid')
    expect((await stack.client().auth.signInWithPassword({ email, password })).error).toBeNull()

    const ok = await client.auth.updateUser({
      password: 'changed-pass-1',
      current_password: password,
    })
    expect(ok.error).toBeNull()
    const again = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'changed-pass-1' })
    expect(again.error).toBeNull()
  })

  it('needs the emailed code from a session older than 24 hours', async () => {
    const { client, email, password, sessionId } = await signedIn()
    await stack.sql`
      update auth.sessions set created_at = now() - interval '25 hours' where id = ${sessionId}`
    const refused = await client.auth.updateUser({ password: 'stolen-pass-1' })
    expect(refused.error?.status).toBe(400)
    expect(refused.error?.code).toBe('reauthentication_needed')
    const wrong = await client.auth.updateUser({ password: 'stolen-pass-1', nonce: '000000' })
    expect(wrong.error?.code).toBe('reauthentication_not_valid')
    // The old password still signs in.
    expect((await stack.client().auth.signInWithPassword({ email, password })).error).toBeNull()

    expect((await client.auth.reauthenticate()).error).toBeNull()
    const mail = await latestMail(stack, email)
    const ok = await client.auth.updateUser({
      password: 'changed-pass-1',
      nonce: codeOf(mail),
      current_password: password,
    })
    expect(ok.error).toBeNull()
    const again = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'changed-pass-1' })
    expect(again.error).toBeNull()
  })
})

describe('changing the email', () => {
  it('needs the current password, then waits for the confirmation of both addresses', async () => {
    const { client, email, id, password } = await signedIn()
    const next = `moved-${randomUUID().slice(0, 8)}@example.test`
    const refused = await client.auth.updateUser({ email: next })
    expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' })
    const { error } = await client.auth.updateUser({ email: next, current_password: password })
    expect(error).toBeNull()
    const [row] = await stack.sql<{ email: string; email_change: string }[]>`
      select email, email_change from auth.users where id = ${id}`
    expect(row).toEqual({ email, email_change: next })
    expect(await inboxFor(stack, email)).not.toHaveLength(0)
    expect(await inboxFor(stack, next)).not.toHaveLength(0)
  })
})
