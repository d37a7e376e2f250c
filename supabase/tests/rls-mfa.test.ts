// The RLS matrix at aal1 and aal2 (tests/support/matrix.ts): every read the matrix allows the
// member is refused while their account has a verified factor and the session is aal1, and
// allowed again at aal2; the same for a workspace whose owner requires two-factor sign-in. Then
// the owner's switch (set_workspace_require_mfa), mfa_blocked_workspaces(), and a real sign-in
// through auth-js: a TOTP code raises the session and the workspace reads again over REST. The
// set-up, the reads and calls checked and how are support/mfa-matrix.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { enrolVerified, totpCode } from '../../backend/test/auth/mfa-support.ts'
import { MATRIX, caseName } from './support/matrix.ts'
import { memberReads, OWN, ownReads, sessionCalls, useMfaMatrix } from './support/mfa-matrix.ts'
import { asUser, claimsOf } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useMfaMatrix()
const { reads, calls } = t

describe('RLS matrix at aal1 and aal2: an account with a verified factor', () => {
  it('has reads to check', () => {
    expect(memberReads.length).toBeGreaterThan(10)
    expect(ownReads).toHaveLength(OWN.size)
  })
  for (const c of ownReads) {
    it(`${caseName(c)}: still readable at aal1`, async () => {
      const member = t.world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: true, requireMfa: true })).toBe(true)
    })
  }
  for (const c of memberReads) {
    it(`${caseName(c)}: refused at aal1, allowed at aal2, allowed at aal1 without a factor`, async () => {
      const member = t.world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: true, requireMfa: false })).toBe(false)
      expect(await reads(c, member, { aal: 'aal2', factor: true, requireMfa: false })).toBe(true)
      expect(await reads(c, member, { aal: 'aal1', factor: false, requireMfa: false })).toBe(true)
    })
  }
})

describe('RLS matrix at aal1 and aal2: a workspace that requires two-factor sign-in', () => {
  for (const c of memberReads) {
    it(`${caseName(c)}: refused at aal1 without a factor, allowed at aal2`, async () => {
      const member = t.world.people.member
      expect(await reads(c, member, { aal: 'aal1', factor: false, requireMfa: true })).toBe(false)
      expect(await reads(c, member, { aal: 'aal2', factor: true, requireMfa: true })).toBe(true)
    })
  }
  it("leaves other workspaces readable: the outsider's channel at aal1", async () => {
    const outsideTopic = MATRIX.find((c) => c.kind === 'topic' && c.allowed.includes('outsider'))
    const outsider = t.world.people.outsider
    const seen = await t.stack.sql.begin(async (tx) => {
      await tx`update public.workspaces set require_mfa = true where id = ${t.world.ws}`
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify(claimsOf(outsider))}, true)`
      const rows = await tx`select id from public.channels where id = ${t.world.ch.outside}`
      await tx`reset role`
      await tx`update public.workspaces set require_mfa = false where id = ${t.world.ws}`
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

describe('RLS matrix at aal1 and aal2: your sessions', () => {
  it('has the session calls', () => {
    expect(sessionCalls.map((c) => c.table).sort()).toEqual([
      'public.my_sessions',
      'public.sign_out_session',
    ])
  })
  for (const c of sessionCalls) {
    it(`${caseName(c)}: refused at aal1 with a factor, allowed at aal2, allowed at aal1 without one`, async () => {
      const member = t.world.people.member
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
    return t.stack.sql.begin(async (tx) => {
      await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal })}, true)`
      return tx.unsafe(query, params as never[])
    })
  }

  it('refuses an admin, and an owner at aal1, with a clear message', async () => {
    await expect(
      callAs(
        t.world.people.admin,
        'aal2',
        'select public.set_workspace_require_mfa($1, true)',
        t.world.ws
      )
    ).rejects.toMatchObject({
      code: '42501',
      message: "Only an owner can change the workspace's sign-in policy.",
    })
    await expect(
      callAs(
        t.world.people.owner,
        'aal1',
        'select public.set_workspace_require_mfa($1, true)',
        t.world.ws
      )
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Turn on two-factor sign-in for yourself first.',
    })
    await expect(
      callAs(
        t.world.people.owner,
        'aal2',
        'select public.set_workspace_require_mfa($1, null)',
        t.world.ws
      )
    ).rejects.toMatchObject({ code: '22023' })
    const [w] = await t.stack
      .sql`select require_mfa from public.workspaces where id = ${t.world.ws}`
    expect(w!.require_mfa).toBe(false)
  })

  it('lets the owner at aal2 turn it on; the member then sees the workspace as blocked', async () => {
    const [on] = await callAs(
      t.world.people.owner,
      'aal2',
      'select require_mfa from public.set_workspace_require_mfa($1, true)',
      t.world.ws
    )
    expect(on!.require_mfa).toBe(true)
    try {
      const member = t.world.people.member
      expect(await callAs(member, 'aal1', 'select id from public.my_workspaces()')).toEqual([])
      expect(
        await callAs(member, 'aal1', 'select id, reason from public.mfa_blocked_workspaces()')
      ).toEqual([{ id: t.world.ws, reason: 'enrol' }])
      expect(
        await callAs(member, 'aal1', 'select id from public.channel_list($1)', t.world.ws)
      ).toEqual([])
      // Their own membership row stays readable, so the app can tell blocked from removed.
      expect(
        await callAs(
          member,
          'aal1',
          'select role from public.workspace_members where workspace_id = $1',
          t.world.ws
        )
      ).toEqual([{ role: 'member' }])
      // A write in the workspace is refused too.
      await expect(
        callAs(
          member,
          'aal1',
          'select public.send_message($1, $2, $3)',
          randomUUID(),
          t.world.ch.general,
          'hello'
        )
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|22023)$/) })
    } finally {
      await t.stack.sql`update public.workspaces set require_mfa = false where id = ${t.world.ws}`
    }
  })
})

describe('through auth-js and REST', () => {
  it('a verified factor hides the workspace at aal1 until a TOTP code raises the session', async () => {
    const email = `mfa-${randomUUID().slice(0, 8)}@example.test`
    const password = 'secret-pass-1'
    const admin = t.stack.client(t.stack.serviceRoleKey)
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
    expect(created.error).toBeNull()
    const person = { id: created.data.user!.id, email, token: '' }
    const [invite] = await asUser(
      t.stack.sql,
      t.world.people.owner,
      (tx) => tx<{ token: string }[]>`select token from public.create_invite(${t.world.ws})`
    )
    await asUser(t.stack.sql, person, (tx) => tx`select public.accept_invite(${invite!.token})`)

    const first = t.stack.client()
    expect((await first.auth.signInWithPassword({ email, password })).error).toBeNull()
    expect((await first.from('workspaces').select('id').eq('id', t.world.ws)).data).toHaveLength(1)
    const { factor } = await enrolVerified(first)
    expect((await first.from('workspaces').select('id').eq('id', t.world.ws)).data).toHaveLength(1)

    const second = t.stack.client()
    expect((await second.auth.signInWithPassword({ email, password })).error).toBeNull()
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect((await second.from('workspaces').select('id').eq('id', t.world.ws)).data).toEqual([])
    expect(
      (await second.from('messages').select('id').eq('channel_id', t.world.ch.general)).data
    ).toEqual([])
    expect((await second.rpc('mfa_blocked_workspaces')).data).toEqual([
      { id: t.world.ws, name: 'Matrix W', slug: expect.any(String), reason: 'verify' },
    ])

    // The next 30 s window: the code enrolVerified used is spent.
    const verified = await second.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    })
    expect(verified.error).toBeNull()
    expect((await second.from('workspaces').select('id').eq('id', t.world.ws)).data).toHaveLength(1)
    expect((await second.rpc('mfa_blocked_workspaces')).data).toEqual([])
  })
})
