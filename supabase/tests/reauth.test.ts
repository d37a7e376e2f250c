// Reauthentication for account changes (issue 49, item 5), on the project's own config.toml,
// through supabase-js: changing the password or the email, removing a second factor and making an
// API credential (a bot's token, an incoming webhook) need a recent proof whatever way the session
// began — a password sign-in, an emailed sign-in link or an emailed code: the current password,
// the nonce Auth emails (reauthenticate), a second factor verified again, or a sign-in within the
// last 15 minutes (users/recent-proof.ts; private.recent_proof() reads the JWT's amr claim). A
// session is made older by moving its amr entries back (auth.mfa_amr_claims), then refreshed so
// its access token says so, as Auth's tokens do after 15 minutes.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import {
  codeOf,
  decodeJwt,
  follow,
  fragmentOf,
  latestMail,
  linkOf,
} from '../../backend/test/auth/support.ts'
import { totpCode } from '../../backend/test/auth/mfa-support.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

type How = 'password' | 'magic link' | 'emailed code'
const email = () => `reauth-${randomUUID().slice(0, 8)}@example.test`
const a = (how: How) => (how === 'emailed code' ? `an ${how}` : `a ${how}`)

/** A confirmed account (with a password, or none) signed in the way asked. */
async function signedIn(how: How, withPassword = true) {
  const address = email()
  const password = 'secret-pass-1'
  const admin = stack.client(stack.serviceRoleKey)
  const created = await admin.auth.admin.createUser({
    email: address,
    password,
    email_confirm: true,
  })
  expect(created.error).toBeNull()
  // An account that only ever signed in by email has no password (the admin API gives every
  // account one, as GoTrue does).
  if (!withPassword) {
    await stack.sql`update auth.users set encrypted_password = '' where id = ${created.data.user!.id}`
  }
  const client = stack.client()
  if (how === 'password') {
    expect((await client.auth.signInWithPassword({ email: address, password })).error).toBeNull()
  } else {
    expect((await client.auth.signInWithOtp({ email: address })).error).toBeNull()
    const mail = await latestMail(stack, address)
    if (how === 'magic link') {
      const hash = fragmentOf((await follow(linkOf(mail))).location)
      const set = await client.auth.setSession({
        access_token: hash.get('access_token')!,
        refresh_token: hash.get('refresh_token')!,
      })
      expect(set.error).toBeNull()
    } else {
      const verified = await client.auth.verifyOtp({
        email: address,
        token: codeOf(mail),
        type: 'email',
      })
      expect(verified.error).toBeNull()
    }
  }
  return { client, email: address, password, id: created.data.user!.id }
}

/** The session's sign-in methods moved back `minutes`, and a token that says so. */
async function older(client: SupabaseClient, minutes = 20) {
  const { data } = await client.auth.getSession()
  const sessionId = decodeJwt(data.session!.access_token).payload.session_id as string
  await stack.sql`
    update auth.mfa_amr_claims set updated_at = now() - make_interval(mins => ${minutes})
    where session_id = ${sessionId}`
  const refreshed = await client.auth.refreshSession()
  expect(refreshed.error).toBeNull()
  const amr = decodeJwt(refreshed.data.session!.access_token).payload.amr as {
    timestamp: number
  }[]
  expect(amr.every((a) => a.timestamp < Date.now() / 1000 - (minutes - 1) * 60)).toBe(true)
}

async function signsIn(address: string, password: string) {
  return (await stack.client().auth.signInWithPassword({ email: address, password })).error === null
}

/** Asks Auth to email the reauthentication nonce and reads it from the inbox. */
async function nonceFor(client: SupabaseClient, address: string) {
  expect((await client.auth.reauthenticate()).error).toBeNull()
  const mail = await latestMail(stack, address)
  expect(mail.Subject).toBe('Confirm reauthentication')
  return codeOf(mail)
}

describe('changing the password', () => {
  for (const how of ['password', 'magic link', 'emailed code'] as const) {
    it(`from ${a(how)} session no longer recent, needs the current password`, async () => {
      const { client, email: address, password } = await signedIn(how)
      await older(client)
      const refused = await client.auth.updateUser({ password: 'stolen-pass-1' })
      expect(refused.error).toMatchObject({ status: 400, code: 'current_password_required' })
      const wrong = await client.auth.updateUser({
        password: 'stolen-pass-1',
        current_password: 'a-guess-1',
      })
      expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' })
      expect(await signsIn(address, 'stolen-pass-1')).toBe(false)
      const ok = await client.auth.updateUser({
        password: 'changed-pass-1',
        current_password: password,
      })
      expect(ok.error).toBeNull()
      expect(await signsIn(address, 'changed-pass-1')).toBe(true)
    })
  }

  for (const how of ['magic link', 'emailed code'] as const) {
    it(`of an account without one, from ${a(how)} session no longer recent, needs the emailed nonce`, async () => {
      const { client, email: address } = await signedIn(how, false)
      await older(client)
      const refused = await client.auth.updateUser({ password: 'stolen-pass-1' })
      expect(refused.error).toMatchObject({
        status: 400,
        code: 'reauthentication_needed',
        message: 'Password update requires reauthentication',
      })
      const made = await client.auth.updateUser({ password: 'stolen-pass-1', nonce: '000000' })
      expect(made.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' })
      expect(await signsIn(address, 'stolen-pass-1')).toBe(false)
      const nonce = await nonceFor(client, address)
      expect((await client.auth.updateUser({ password: 'chosen-pass-1', nonce })).error).toBeNull()
      expect(await signsIn(address, 'chosen-pass-1')).toBe(true)
    })
  }

  it('from a reset link just opened (an emailed link within 15 minutes), needs nothing more', async () => {
    const { client, email: address } = await signedIn('magic link')
    expect((await client.auth.updateUser({ password: 'recovered-pass-1' })).error).toBeNull()
    expect(await signsIn(address, 'recovered-pass-1')).toBe(true)
  })
})

describe('changing the email', () => {
  for (const how of ['password', 'magic link', 'emailed code'] as const) {
    it(`from ${a(how)} session no longer recent, needs the current password or the nonce`, async () => {
      const { client, email: address, password, id } = await signedIn(how)
      await older(client)
      const next = email()
      const refused = await client.auth.updateUser({ email: next })
      expect(refused.error).toMatchObject({
        status: 400,
        code: 'reauthentication_needed',
        message: 'Email update requires reauthentication',
      })
      const pending = async () =>
        (
          await stack.sql<{ email_change: string | null }[]>`
            select email_change from auth.users where id = ${id}`
        )[0]!.email_change
      expect(await pending()).toBeFalsy()
      const proof =
        how === 'password'
          ? { current_password: password }
          : { nonce: await nonceFor(client, address) }
      expect((await client.auth.updateUser({ email: next, ...proof })).error).toBeNull()
      expect(await pending()).toBe(next)
    })
  }
})

describe('removing a second factor', () => {
  it('needs the factor verified again within 15 minutes, aal2 alone is not enough', async () => {
    const { client } = await signedIn('password')
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    const verify = (at: number) =>
      client.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: totpCode(factor.totp.secret, at),
      })
    expect((await verify(Date.now())).error).toBeNull()
    await older(client)
    expect(decodeJwt((await client.auth.getSession()).data.session!.access_token).payload.aal).toBe(
      'aal2'
    )
    const refused = await client.auth.mfa.unenroll({ factorId: factor.id })
    expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' })
    expect(refused.error?.message).toMatch(
      /^Unenrolling a verified factor requires reauthentication/
    )
    // The next period's code: the one used above cannot be used twice.
    expect((await verify(Date.now() + 30_000)).error).toBeNull()
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
  })
})

describe('making an API credential', () => {
  for (const how of ['password', 'magic link', 'emailed code'] as const) {
    it(`from ${a(how)} session no longer recent, needs a new sign-in`, async () => {
      const { client, email: address, password } = await signedIn(how)
      const ws = (
        await client.rpc('create_workspace', { p_name: `Proof ${how}` }).single<{ id: string }>()
      ).data!.id
      const [general] = await stack.sql<{ id: string }[]>`
        select id from public.channels where workspace_id = ${ws} and is_default`
      // Signed in just now: a proof.
      const bot = await client.rpc('create_bot', { p_workspace_id: ws, p_name: 'fresh bot' })
      expect(bot.error).toBeNull()
      const botId = bot.data as { id: string }[] | { id: string }
      const id = Array.isArray(botId) ? botId[0]!.id : botId.id

      await older(client)
      const refusal = {
        code: '42501',
        message: 'Confirm it is you before making an API credential.',
        details: 'reauthentication_needed',
        hint: expect.stringContaining('within 15 minutes'),
      }
      const calls = [
        client.rpc('create_bot', { p_workspace_id: ws, p_name: 'stale bot' }),
        client.rpc('regenerate_bot_token', { p_id: id }),
        client.rpc('create_incoming_webhook', { p_channel_id: general!.id, p_name: 'stale hook' }),
      ]
      for (const answer of await Promise.all(calls)) expect(answer.error).toMatchObject(refusal)
      expect(
        await stack.sql`select 1 from public.bots where workspace_id = ${ws} and name = 'stale bot'`
      ).toHaveLength(0)

      // Proving it again: a new sign-in (the app's dialog: the password, or a code emailed).
      if (how === 'password') {
        expect(
          (await client.auth.signInWithPassword({ email: address, password })).error
        ).toBeNull()
      } else {
        // Auth sends one sign-in mail a second per address (max_frequency): the scenario is a
        // sign-in a second after the last mail, not a wait for something to happen.
        await new Promise((resolve) => setTimeout(resolve, 1100))
        // eslint-disable-next-line no-restricted-syntax -- the sleep above is the scenario
        expect((await client.auth.signInWithOtp({ email: address })).error).toBeNull()
        const code = codeOf(await latestMail(stack, address))
        expect(
          (await client.auth.verifyOtp({ email: address, token: code, type: 'email' })).error
        ).toBeNull()
      }
      expect(
        (await client.rpc('create_bot', { p_workspace_id: ws, p_name: 'stale bot' })).error
      ).toBeNull()
      const hook = await client.rpc('create_incoming_webhook', {
        p_channel_id: general!.id,
        p_name: 'proven hook',
      })
      expect(hook.error).toBeNull()
    })
  }
})
