// my_sessions() and sign_out_session() with real sign-ins: auth-js signs in through the stack's
// Auth (which records each sign-in's User-Agent and IP in auth.sessions), supabase-js calls the
// RPCs through REST with that session's access token.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { enrolVerified, totpCode } from '../../backend/test/auth/mfa-support.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0'

interface SessionRow {
  id: string
  created_at: string
  last_active_at: string
  user_agent: string | null
  ip: string | null
  aal: string
  current: boolean
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

async function makeAccount(name: string): Promise<{ id: string; email: string; password: string }> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.test`
  const password = 'secret-pass-1'
  const admin = stack.client(stack.serviceRoleKey)
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  })
  expect(error).toBeNull()
  return { id: data.user!.id, email, password }
}

/** A browser of its own (its User-Agent on every request), signed in with the password. */
async function signIn(
  account: { email: string; password: string },
  userAgent: string
): Promise<{ client: SupabaseClient; sessionId: string }> {
  const client = stack.client(undefined, { global: { headers: { 'User-Agent': userAgent } } })
  const { data, error } = await client.auth.signInWithPassword(account)
  expect(error).toBeNull()
  const claims = JSON.parse(
    Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()
  ) as { session_id: string }
  return { client, sessionId: claims.session_id }
}

async function sessionsOf(client: SupabaseClient): Promise<SessionRow[]> {
  const { data, error } = await client.rpc('my_sessions')
  expect(error).toBeNull()
  return data as SessionRow[]
}

describe('my_sessions', () => {
  it('lists both sign-ins with their browser and IP, the current one marked, latest activity first', async () => {
    const account = await makeAccount('two-browsers')
    const laptop = await signIn(account, CHROME_LINUX)
    const desk = await signIn(account, FIREFOX_MAC)

    const seen = await sessionsOf(laptop.client)
    expect(seen.map((s) => s.id).sort()).toEqual([laptop.sessionId, desk.sessionId].sort())
    const mine = seen.find((s) => s.id === laptop.sessionId)!
    const other = seen.find((s) => s.id === desk.sessionId)!
    expect(mine).toMatchObject({ current: true, user_agent: CHROME_LINUX, aal: 'aal1' })
    expect(other).toMatchObject({ current: false, user_agent: FIREFOX_MAC, aal: 'aal1' })
    expect(mine.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
    expect(new Date(mine.created_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000)

    // The other browser refreshes its token: now it is the most recently active.
    const refreshed = await desk.client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const after = await sessionsOf(laptop.client)
    expect(after.map((s) => s.id)).toEqual([desk.sessionId, laptop.sessionId])
    expect(new Date(after[0]!.last_active_at).getTime()).toBeGreaterThan(
      new Date(other.last_active_at).getTime()
    )
    // The same list from the other browser marks that one as current.
    const fromDesk = await sessionsOf(desk.client)
    expect(fromDesk.filter((s) => s.current).map((s) => s.id)).toEqual([desk.sessionId])
  })

  it("never shows another person's sessions", async () => {
    const ana = await makeAccount('ana')
    const ben = await makeAccount('ben')
    const anas = await signIn(ana, CHROME_LINUX)
    const bens = await signIn(ben, FIREFOX_MAC)
    expect((await sessionsOf(anas.client)).map((s) => s.id)).toEqual([anas.sessionId])
    expect((await sessionsOf(bens.client)).map((s) => s.id)).toEqual([bens.sessionId])
  })

  it('leaves out sessions past their not_after', async () => {
    const account = await makeAccount('timeboxed')
    const current = await signIn(account, CHROME_LINUX)
    const old = await signIn(account, FIREFOX_MAC)
    await stack.sql`update auth.sessions set not_after = now() - interval '1 minute' where id = ${old.sessionId}`
    expect((await sessionsOf(current.client)).map((s) => s.id)).toEqual([current.sessionId])
  })

  it('refuses anonymous callers', async () => {
    const anon = stack.client()
    const { data, error, status } = await anon.rpc('my_sessions')
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: '42501' })
  })
})

describe('sign_out_session', () => {
  it('signs out another session: its refresh token fails, this one keeps working', async () => {
    const account = await makeAccount('sign-out-other')
    const here = await signIn(account, CHROME_LINUX)
    const there = await signIn(account, FIREFOX_MAC)
    const tokens = () =>
      stack.sql`select 1 from auth.refresh_tokens where session_id = ${there.sessionId}`
    expect(await tokens()).toHaveLength(1)

    const { error, status } = await here.client.rpc('sign_out_session', {
      p_session_id: there.sessionId,
    })
    expect(error).toBeNull()
    expect(status).toBe(204)
    expect(await tokens()).toHaveLength(0)
    expect((await sessionsOf(here.client)).map((s) => s.id)).toEqual([here.sessionId])

    const refused = await there.client.auth.refreshSession()
    expect(refused.data.session).toBeNull()
    expect(refused.error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'refresh_token_not_found',
    })

    const kept = await here.client.auth.refreshSession()
    expect(kept.error).toBeNull()
    expect(kept.data.session?.refresh_token).toEqual(expect.any(String))
    expect((await sessionsOf(here.client)).map((s) => s.id)).toEqual([here.sessionId])
  })

  it('refuses the current session: that is what sign-out is for', async () => {
    const account = await makeAccount('sign-out-self')
    const here = await signIn(account, CHROME_LINUX)
    const { error, status } = await here.client.rpc('sign_out_session', {
      p_session_id: here.sessionId,
    })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '22023',
      message: 'This is the session you are using.',
      hint: 'Sign out to end it.',
    })
    expect((await sessionsOf(here.client)).map((s) => s.id)).toEqual([here.sessionId])
  })

  it("cannot sign out another person's session, and says only that it is not found", async () => {
    const ana = await makeAccount('ana-out')
    const ben = await makeAccount('ben-out')
    const anas = await signIn(ana, CHROME_LINUX)
    const bens = await signIn(ben, FIREFOX_MAC)
    const { error, status } = await anas.client.rpc('sign_out_session', {
      p_session_id: bens.sessionId,
    })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22023', message: 'Session not found.' })
    expect((await bens.client.auth.refreshSession()).error).toBeNull()
    expect((await sessionsOf(bens.client)).map((s) => s.id)).toEqual([bens.sessionId])
  })

  it('refuses anonymous callers', async () => {
    const account = await makeAccount('anon-target')
    const target = await signIn(account, CHROME_LINUX)
    const { error, status } = await stack
      .client()
      .rpc('sign_out_session', { p_session_id: target.sessionId })
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: '42501' })
    expect((await sessionsOf(target.client)).map((s) => s.id)).toEqual([target.sessionId])
  })

  it('answers bad input with a clear 400, never a 500', async () => {
    const account = await makeAccount('bad-input')
    const here = await signIn(account, CHROME_LINUX)

    const notUuid = await here.client.rpc('sign_out_session', { p_session_id: 'not-a-uuid' })
    expect(notUuid.status).toBe(400)
    expect(notUuid.error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "not-a-uuid"',
    })

    const unknown = await here.client.rpc('sign_out_session', { p_session_id: randomUUID() })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({ code: '22023', message: 'Session not found.' })

    const missing = await here.client.rpc('sign_out_session', { p_session_id: null })
    expect(missing.status).toBe(400)
    expect(missing.error).toMatchObject({
      code: '22023',
      message: 'Choose a session to sign out.',
    })
    expect((await sessionsOf(here.client)).map((s) => s.id)).toEqual([here.sessionId])
  })
})

describe('a two-factor account', () => {
  it('lists and signs out sessions only from a session that used the second factor', async () => {
    const account = await makeAccount('two-factor')
    const laptop = await signIn(account, CHROME_LINUX)
    const { factor } = await enrolVerified(laptop.client)
    // The password alone (aal1): neither the list nor a sign-out of the real session.
    const thief = await signIn(account, FIREFOX_MAC)
    const listed = await thief.client.rpc('my_sessions')
    expect(listed.status).toBe(403)
    expect(listed.data).toBeNull()
    expect(listed.error).toMatchObject({
      code: '42501',
      message: 'Sign in with your second factor to manage your sessions.',
      hint: 'Verify a code from your authenticator app or use your security key first.',
    })
    const out = await thief.client.rpc('sign_out_session', { p_session_id: laptop.sessionId })
    expect(out.status).toBe(403)
    expect(out.error).toMatchObject({ code: '42501' })
    expect(
      await stack.sql`select 1 from auth.sessions where id = ${laptop.sessionId}`
    ).toHaveLength(1)

    // The laptop verified its factor (aal2): it lists both and signs the other out.
    expect((await sessionsOf(laptop.client)).map((s) => s.id).sort()).toEqual(
      [laptop.sessionId, thief.sessionId].sort()
    )
    // With a code (the next 30 s window: enrolVerified's is spent), the second browser may too.
    const verified = await thief.client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    })
    expect(verified.error).toBeNull()
    expect((await sessionsOf(thief.client)).map((s) => s.id)).toContain(laptop.sessionId)
    const ended = await laptop.client.rpc('sign_out_session', { p_session_id: thief.sessionId })
    expect(ended.error).toBeNull()
    expect((await sessionsOf(laptop.client)).map((s) => s.id)).toEqual([laptop.sessionId])
  })
})
