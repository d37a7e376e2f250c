// What a session alone can change (issue 37, item 6), with Chorus's settings: secure_password_change
// (a session older than 24 hours needs the nonce GET /reauthenticate emails), the current password
// checked by the server (update_password_require_current_password, GoTrue's
// UpdatePasswordRequireCurrentPassword, as Chorus holds it: every session but one an emailed link
// or code opened within 15 minutes, and an email change too: users/recent-proof.ts) and
// double_confirm_changes (both addresses confirm an email change). Through supabase-js and raw HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import {
  authConfig,
  authFetch,
  codeOf,
  confirmedClient,
  decodeJwt,
  follow,
  fragmentOf,
  inboxFor,
  latestMail,
  linkOf,
  uniqueEmail,
} from './support.ts'
import type { TestStack } from './support.ts'

const REQUIRED = 'Current password required when setting new password.'
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    config: authConfig(
      '',
      [
        'enable_confirmations = true',
        'double_confirm_changes = true',
        'secure_password_change = true',
        'update_password_require_current_password = true',
        'max_frequency = "60s"',
      ].join('\n'),
      // Every test signs in a few times; GoTrue's limit (30 per 5 minutes per IP) is not the point.
      '[auth.rate_limit]\nsign_in_sign_ups = 1000'
    ),
  })
})

afterAll(async () => {
  await stack?.stop()
})

async function signsIn(email: string, password: string): Promise<boolean> {
  const { error } = await stack.client().auth.signInWithPassword({ email, password })
  return error === null
}

async function ageSession(accessToken: string, hours: number) {
  const sessionId = decodeJwt(accessToken).payload.session_id as string
  await stack.sql`
    update auth.sessions set created_at = now() - make_interval(hours => ${hours})
    where id = ${sessionId}`
}

describe('a stolen access token alone', () => {
  it('cannot change the password of a fresh session (current_password_required)', async () => {
    const { email, password, session } = await confirmedClient(stack)
    const refused = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: 'stolen-pass-1' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ code: 'current_password_required', message: REQUIRED })
    // A made-up nonce does not stand in for the password either.
    const withNonce = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: 'stolen-pass-1', nonce: '123456', current_password: '' },
    })
    expect(withNonce.status).toBe(400)
    expect(withNonce.body).toEqual({ code: 'current_password_required', message: REQUIRED })
    expect(await signsIn(email, password)).toBe(true)
    expect(await signsIn(email, 'stolen-pass-1')).toBe(false)
  })

  it('cannot change it with a wrong current password (current_password_invalid)', async () => {
    const { client, email, password } = await confirmedClient(stack)
    const { error } = await client.auth.updateUser({
      password: 'stolen-pass-1',
      current_password: 'a-guess-1',
    })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('current_password_invalid')
    expect(error?.message).toBe(REQUIRED)
    expect(await signsIn(email, password)).toBe(true)
  })

  it('cannot move the account to another address: no proof, no change; both mailboxes must confirm', async () => {
    const { email, password, session, user } = await confirmedClient(stack)
    const attacker = uniqueEmail('attacker')
    // The token alone is refused (Chorus's recent proof, users/recent-proof.ts).
    const refused = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { email: attacker },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      code: 'reauthentication_needed',
      message: 'Email update requires reauthentication',
    })
    expect(await inboxFor(stack, attacker)).toHaveLength(0)
    // Even with the password, the attacker's own mailbox confirming is not enough.
    const asked = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { email: attacker, current_password: password },
    })
    expect(asked.status).toBe(200)
    // The attacker's own mailbox confirms; the account keeps its address all the same.
    const [toAttacker] = await inboxFor(stack, attacker)
    expect(toAttacker).toBeDefined()
    await follow(linkOf(toAttacker!))
    const [row] = await stack.sql<{ email: string; email_change: string }[]>`
      select email, email_change from auth.users where id = ${user.id}`
    expect(row).toEqual({ email, email_change: attacker })
    expect(await signsIn(email, password)).toBe(true)
    expect(await signsIn(attacker, password)).toBe(false)
    // The owner's mailbox was told (the link to confirm from the current address).
    const toOwner = await latestMail(stack, email)
    expect(toOwner.Subject).toBe('Confirm Email Change')
  })
})

describe('the account holder', () => {
  it('changes the password with the current one', async () => {
    const { client, email, password } = await confirmedClient(stack)
    const { error } = await client.auth.updateUser({
      password: 'changed-pass-1',
      current_password: password,
    })
    expect(error).toBeNull()
    expect(await signsIn(email, 'changed-pass-1')).toBe(true)
    expect(await signsIn(email, password)).toBe(false)
  })

  it('sets a new password from a reset link without the old one (a recovery session)', async () => {
    const { email, password } = await confirmedClient(stack)
    const client = stack.client()
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull()
    const link = linkOf(await latestMail(stack, email))
    const hash = fragmentOf((await follow(link)).location)
    const accessToken = hash.get('access_token')!
    expect(decodeJwt(accessToken).payload.amr).toEqual([expect.objectContaining({ method: 'otp' })])
    const changed = await authFetch(stack, '/user', {
      method: 'PUT',
      token: accessToken,
      body: { password: 'recovered-pass-1' },
    })
    expect(changed.status).toBe(200)
    expect(await signsIn(email, 'recovered-pass-1')).toBe(true)
    expect(await signsIn(email, password)).toBe(false)
  })

  it('from a session older than 24 hours, needs the emailed nonce and the current password', async () => {
    const { client, email, password, session } = await confirmedClient(stack)
    await ageSession(session.access_token, 25)
    const noNonce = await client.auth.updateUser({
      password: 'changed-pass-1',
      current_password: password,
    })
    expect(noNonce.error?.status).toBe(400)
    expect(noNonce.error?.code).toBe('reauthentication_needed')
    expect(noNonce.error?.message).toBe('Password update requires reauthentication')

    expect((await client.auth.reauthenticate()).error).toBeNull()
    const mail = await latestMail(stack, email)
    expect(mail.Subject).toBe('Confirm reauthentication')
    const nonce = codeOf(mail)
    const wrong = await client.auth.updateUser({ password: 'changed-pass-1', nonce: '000000' })
    expect(wrong.error?.status).toBe(422)
    expect(wrong.error?.code).toBe('reauthentication_not_valid')
    expect(wrong.error?.message).toBe('Requires reauthentication')

    const ok = await client.auth.updateUser({
      password: 'changed-pass-1',
      nonce,
      current_password: password,
    })
    expect(ok.error).toBeNull()
    expect(await signsIn(email, 'changed-pass-1')).toBe(true)

    // The nonce is used up.
    const reused = await client.auth.updateUser({
      password: 'changed-pass-2',
      nonce,
      current_password: 'changed-pass-1',
    })
    expect(reused.error?.code).toBe('reauthentication_not_valid')
    expect(await signsIn(email, 'changed-pass-1')).toBe(true)
  })

  it('cannot use a nonce past otp_expiry, nor ask for two within max_frequency', async () => {
    const { client, email, password, session, user } = await confirmedClient(stack)
    await ageSession(session.access_token, 25)
    expect((await client.auth.reauthenticate()).error).toBeNull()
    const again = await client.auth.reauthenticate()
    expect(again.error?.status).toBe(429)
    expect(again.error?.code).toBe('over_email_send_rate_limit')
    expect(await inboxFor(stack, email)).toHaveLength(1)

    const nonce = codeOf(await latestMail(stack, email))
    // otp_expiry is 3600 s (the CLI's default): sent 61 minutes ago, the nonce has expired.
    await stack.sql`
      update auth.users set reauthentication_sent_at = now() - interval '61 minutes'
      where id = ${user.id}`
    const expired = await client.auth.updateUser({
      password: 'changed-pass-1',
      nonce,
      current_password: password,
    })
    expect(expired.error?.code).toBe('reauthentication_not_valid')
    expect(await signsIn(email, password)).toBe(true)
  })

  it('gets a clear error, not a 500, for a current_password of the wrong type', async () => {
    const { email, password, session } = await confirmedClient(stack)
    const response = await authFetch(stack, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: 'changed-pass-1', current_password: 42 },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'bad_json' })
    expect(await signsIn(email, password)).toBe(true)
  })
})
