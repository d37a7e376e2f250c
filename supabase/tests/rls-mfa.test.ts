// The RLS matrix at aal1 and aal2 (tests/support/matrix.ts): every read the matrix allows the
// member is refused while their account has a verified factor and the session is aal1, and
// allowed again at aal2; the same for a workspace whose owner requires two-factor sign-in. Then
// the owner's switch (set_workspace_require_mfa), mfa_blocked_workspaces(), and a real sign-in
// through auth-js: a TOTP code raises the session and the workspace reads again over REST.
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { enrolVerified, totpCode } from '../../backend/test/auth/mfa-support.ts'
import { MATRIX, caseName } from './support/matrix.ts'
import type { CallCase, MatrixCase, MatrixContext } from './support/matrix.ts'
import { asUser, claimsOf } from './support/world.ts'
import { buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

interface Setting {
  aal: 'aal1' | 'aal2'
  /** The person has a verified TOTP factor. */
  factor: boolean
  /** The matrix workspace requires two-factor sign-in. */
  requireMfa: boolean
}

class Rollback extends Error {
  constructor(readonly seen: boolean) {
    super('rollback')
  }
}

/** Whether the person reads the case's row (or receives on its topic) in this setting. */
async function reads(c: MatrixCase, person: Person, setting: Setting): Promise<boolean> {
  const ctx: MatrixContext = { sql: stack.sql, world }
  const key = c.kind === 'row' && c.row ? await c.row(ctx) : ''
  const topic = c.kind === 'topic' ? c.topic(world) : ''
  try {
    await stack.sql.begin(async (tx) => {
      if (setting.factor) {
        await tx`
          insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
          values (${randomUUID()}, ${person.id}, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`
      }
      if (setting.requireMfa) {
        await tx`update public.workspaces set require_mfa = true where id = ${world.ws}`
      }
      let probe = ''
      if (c.kind === 'topic') {
        const [row] = await tx<{ id: string }[]>`
          insert into realtime.messages (topic, extension, payload, event, private)
          values (${topic}, 'broadcast', '{}', 'probe', true) returning id`
        probe = row!.id
      }
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal: setting.aal })}, true),
               set_config('realtime.topic', ${topic}, true)`
      const rows =
        c.kind === 'topic'
          ? await tx`select 1 from realtime.messages where id = ${probe}`
          : await tx`select 1 from ${tx(c.table)} where id = ${key}`
      throw new Rollback(rows.length === 1)
    })
  } catch (error) {
    if (error instanceof Rollback) return error.seen
    throw error
  }
  throw new Error('unreachable')
}

// The member's reads: the workspace's data, and what stays readable at aal1 (their own profile,
// avatar and membership, so the app can say why the workspace is closed; their own notification
// settings and push devices, which belong to no workspace; the buckets' settings).
const OWN = new Set([
  "public.profiles select: a co-worker's profile", // the member's own
  "public.workspace_members select: member's membership",
  "public.notification_settings select: member's settings",
  "public.push_subscriptions select: member's device",
  'storage.buckets select: the attachments bucket',
  'storage.buckets select: the imports bucket',
  "storage.objects select: a co-worker's avatar", // the member's own
])
const allReads = MATRIX.filter((c) => c.op === 'select' && c.allowed.includes('member'))
const memberReads = allReads.filter((c) => !OWN.has(caseName(c)))
const ownReads = allReads.filter((c) => OWN.has(caseName(c)))

describe('RLS matrix at aal1 and aal2: an account with a verified factor', () => {
  it('has reads to check', () => {
    expect(memberReads.length).toBeGreaterThan(10)
    expect(ownReads).toHaveLength(OWN.size)
  })
  for (const c of ownReads) {
    it(`${caseName(c)}: still readable at aal1`, async () => {
      const member = world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: true, requireMfa: true })).toBe(true)
    })
  }
  for (const c of memberReads) {
    it(`${caseName(c)}: refused at aal1, allowed at aal2, allowed at aal1 without a factor`, async () => {
      const member = world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: true, requireMfa: false })).toBe(false)
      expect(await reads(c, member, { aal: 'aal2', factor: true, requireMfa: false })).toBe(true)
      expect(await reads(c, member, { aal: 'aal1', factor: false, requireMfa: false })).toBe(true)
    })
  }
})

describe('RLS matrix at aal1 and aal2: a workspace that requires two-factor sign-in', () => {
  for (const c of memberReads) {
    it(`${caseName(c)}: refused at aal1 without a factor, allowed at aal2`, async () => {
      const member = world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: false, requireMfa: true })).toBe(false)
      expect(await reads(c, member, { aal: 'aal2', factor: true, requireMfa: true })).toBe(true)
    })
  }
  it("leaves other workspaces readable: the outsider's channel at aal1", async () => {
    const outsideTopic = MATRIX.find((c) => c.kind === 'topic' && c.allowed.includes('outsider'))
    const outsider = world.people.outsider
    const seen = await stack.sql.begin(async (tx) => {
      await tx`update public.workspaces set require_mfa = true where id = ${world.ws}`
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify(claimsOf(outsider))}, true)`
      const rows = await tx`select id from public.channels where id = ${world.ch.outside}`
      await tx`reset role`
      await tx`update public.workspaces set require_mfa = false where id = ${world.ws}`
      return rows
    })
    expect(seen).toHaveLength(1)
    if (outsideTopic) {
      expect(
        await reads(outsideTopic, outsider, { aal: 'aal1', factor: false, requireMfa: true })
      ).toBe(true)
    }
  })
})

// Auth's sessions (my_sessions, sign_out_session): the matrix's calls the member may make, refused
// at aal1 while the account has a verified factor (a password alone must not list or end the
// owner's real sessions), allowed at aal2 and without a factor.
const sessionCalls = MATRIX.filter(
  (c): c is CallCase =>
    c.kind === 'call' && c.allowed.includes('member') && /_sessions?$/.test(c.table)
)

/** The call's outcome for the person in this setting: done, or the refusal's SQLSTATE. */
async function calls(c: CallCase, person: Person, setting: Omit<Setting, 'requireMfa'>) {
  const ctx: MatrixContext = { sql: stack.sql, world }
  const key = await c.row(ctx)
  const args = Object.entries(c.args(key))
  const named = args.map(([name], i) => `${name} => $${i + 1}`).join(', ')
  try {
    await stack.sql.begin(async (tx) => {
      if (setting.factor) {
        await tx`
          insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
          values (${randomUUID()}, ${person.id}, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`
      }
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal: setting.aal })}, true)`
      const rows = await tx.unsafe<Record<string, unknown>[]>(
        `select * from ${c.table}(${named})`,
        args.map(([, value]) => value as never)
      )
      await tx`reset role`
      throw new Rollback(await c.done(tx, key, rows))
    })
  } catch (error) {
    if (error instanceof Rollback) return { done: error.seen }
    const e = error as { code?: string; message?: string }
    if (!e.code) throw error
    return { refused: e.code, message: e.message }
  }
  throw new Error('unreachable')
}

describe('RLS matrix at aal1 and aal2: your sessions', () => {
  it('has the session calls', () => {
    expect(sessionCalls.map((c) => c.table).sort()).toEqual([
      'public.my_sessions',
      'public.sign_out_session',
    ])
  })
  for (const c of sessionCalls) {
    it(`${caseName(c)}: refused at aal1 with a factor, allowed at aal2, allowed at aal1 without one`, async () => {
      const member = world.people.member
      expect(await calls(c, member, { aal: 'aal1', factor: true })).toEqual({
        refused: '42501',
        message: 'Sign in with your second factor to manage your sessions.',
      })
      expect(await calls(c, member, { aal: 'aal2', factor: true })).toEqual({ done: true })
      expect(await calls(c, member, { aal: 'aal1', factor: false })).toEqual({ done: true })
    })
  }
})

describe('set_workspace_require_mfa and mfa_blocked_workspaces', () => {
  async function callAs(person: Person, aal: string, query: string, ...params: unknown[]) {
    return stack.sql.begin(async (tx) => {
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal })}, true)`
      return tx.unsafe(query, params as never[])
    })
  }

  it('refuses an admin, and an owner at aal1, with a clear message', async () => {
    await expect(
      callAs(
        world.people.admin,
        'aal2',
        'select public.set_workspace_require_mfa($1, true)',
        world.ws
      )
    ).rejects.toMatchObject({
      code: '42501',
      message: "Only an owner can change the workspace's sign-in policy.",
    })
    await expect(
      callAs(
        world.people.owner,
        'aal1',
        'select public.set_workspace_require_mfa($1, true)',
        world.ws
      )
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Turn on two-factor sign-in for yourself first.',
    })
    await expect(
      callAs(
        world.people.owner,
        'aal2',
        'select public.set_workspace_require_mfa($1, null)',
        world.ws
      )
    ).rejects.toMatchObject({ code: '22023' })
    const [w] = await stack.sql`select require_mfa from public.workspaces where id = ${world.ws}`
    expect(w!.require_mfa).toBe(false)
  })

  it('lets the owner at aal2 turn it on; the member then sees the workspace as blocked', async () => {
    const [on] = await callAs(
      world.people.owner,
      'aal2',
      'select require_mfa from public.set_workspace_require_mfa($1, true)',
      world.ws
    )
    expect(on!.require_mfa).toBe(true)
    try {
      const member = world.people.member
      expect(await callAs(member, 'aal1', 'select id from public.my_workspaces()')).toEqual([])
      expect(
        await callAs(member, 'aal1', 'select id, reason from public.mfa_blocked_workspaces()')
      ).toEqual([{ id: world.ws, reason: 'enrol' }])
      expect(
        await callAs(member, 'aal1', 'select id from public.channel_list($1)', world.ws)
      ).toEqual([])
      // Their own membership row stays readable, so the app can tell blocked from removed.
      expect(
        await callAs(
          member,
          'aal1',
          'select role from public.workspace_members where workspace_id = $1',
          world.ws
        )
      ).toEqual([{ role: 'member' }])
      // A write in the workspace is refused too.
      await expect(
        callAs(
          member,
          'aal1',
          'select public.send_message($1, $2, $3)',
          randomUUID(),
          world.ch.general,
          'hello'
        )
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|22023)$/) })
    } finally {
      await stack.sql`update public.workspaces set require_mfa = false where id = ${world.ws}`
    }
  })
})

describe('through auth-js and REST', () => {
  it('a verified factor hides the workspace at aal1 until a TOTP code raises the session', async () => {
    const email = `mfa-${randomUUID().slice(0, 8)}@example.test`
    const password = 'secret-pass-1'
    const admin = stack.client(stack.serviceRoleKey)
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
    expect(created.error).toBeNull()
    const person = { id: created.data.user!.id, email, token: '' }
    const [invite] = await asUser(
      stack.sql,
      world.people.owner,
      (tx) => tx<{ token: string }[]>`select token from public.create_invite(${world.ws})`
    )
    await asUser(stack.sql, person, (tx) => tx`select public.accept_invite(${invite!.token})`)

    const first = stack.client()
    expect((await first.auth.signInWithPassword({ email, password })).error).toBeNull()
    expect((await first.from('workspaces').select('id').eq('id', world.ws)).data).toHaveLength(1)
    const { factor } = await enrolVerified(first)
    expect((await first.from('workspaces').select('id').eq('id', world.ws)).data).toHaveLength(1)

    const second = stack.client()
    expect((await second.auth.signInWithPassword({ email, password })).error).toBeNull()
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect((await second.from('workspaces').select('id').eq('id', world.ws)).data).toEqual([])
    expect(
      (await second.from('messages').select('id').eq('channel_id', world.ch.general)).data
    ).toEqual([])
    expect((await second.rpc('mfa_blocked_workspaces')).data).toEqual([
      { id: world.ws, name: 'Matrix W', slug: expect.any(String), reason: 'verify' },
    ])

    // The next 30 s window: the code enrolVerified used is spent.
    const verified = await second.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    })
    expect(verified.error).toBeNull()
    expect((await second.from('workspaces').select('id').eq('id', world.ws)).data).toHaveLength(1)
    expect((await second.rpc('mfa_blocked_workspaces')).data).toEqual([])
  })
})
