// TOTP MFA through auth-js as GoTrue answers it: enrolment (QR code, secret, URI), challenge,
// verification with codes computed here, aal2 and amr in the JWT, getAuthenticatorAssuranceLevel,
// refresh keeping aal2, unenrolment, the factors of /user, and GoTrue's tables. What TOTP MFA
// refuses, and the [auth.mfa] switches: mfa-totp-refusals.test.ts.
import { describe, expect, it } from 'vitest'
import { enrolVerified, totpCode, useMfaStack } from './mfa-support.ts'
import { authFetch, confirmedClient, decodeJwt } from './support.ts'

describe('TOTP factors', () => {
  const t = useMfaStack()

  it('enrols with GoTrue body: id, type, friendly_name, the QR code as SVG, secret and URI', async () => {
    const { client, email, session } = await confirmedClient(t.stack)
    const raw = await authFetch(t.stack, '/factors', {
      token: session.access_token,
      body: { factor_type: 'totp', friendly_name: 'raw' },
    })
    expect(raw.status).toBe(200)
    expect(Object.keys(raw.body)).toEqual(['id', 'type', 'friendly_name', 'totp'])
    const totp = raw.body.totp as { qr_code: string; secret: string; uri: string }
    expect(totp.qr_code.startsWith('<svg')).toBe(true)
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(totp.uri).toBe(
      `otpauth://totp/127.0.0.1:3000:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=${totp.secret}`
    )

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Chorus' })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data?.type).toBe('totp')
    expect(enrolled.data?.friendly_name).toBe('')
    expect(enrolled.data?.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(enrolled.data?.totp.uri).toContain('otpauth://totp/Chorus:')
    const rows = await t.stack.sql`
      select factor_type::text, status::text, secret from auth.mfa_factors
      where id = ${enrolled.data!.id}`
    expect(rows).toEqual([
      { factor_type: 'totp', status: 'unverified', secret: enrolled.data!.totp.secret },
    ])

    const user = await client.auth.getUser()
    const factors = user.data.user?.factors ?? []
    expect(factors.map((f) => f.status)).toEqual(['unverified', 'unverified'])
    expect(Object.keys(factors[0] ?? {})).toEqual([
      'id',
      'created_at',
      'updated_at',
      'status',
      'friendly_name',
      'factor_type',
      'phone',
      'last_challenged_at',
    ])
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.all).toHaveLength(2)
    expect(listed.data?.totp).toEqual([])
  })

  it('challenges and verifies: aal2 with totp in amr, refresh keeps it, tables record it', async () => {
    const { client, email, password, session: first } = await confirmedClient(t.stack)
    const earlier = t.stack.client()
    await earlier.auth.signInWithPassword({ email, password })
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' })
    const factorId = enrolled.data!.id
    const secret = enrolled.data!.totp.secret
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const challenge = await client.auth.mfa.challenge({ factorId })
    expect(challenge.error).toBeNull()
    expect(challenge.data?.type).toBe('totp')
    const expiresIn = (challenge.data?.expires_at ?? 0) - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(290)
    expect(expiresIn).toBeLessThanOrEqual(300)

    const wrong = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret, Date.now() - 5 * 60_000),
    })
    expect(wrong.error?.status).toBe(422)
    expect(wrong.error?.code).toBe('mfa_verification_failed')
    expect(wrong.error?.message).toBe('Invalid TOTP code entered')

    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret),
    })
    expect(verified.error).toBeNull()
    const claims = decodeJwt(verified.data!.access_token).payload
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password'])
    expect(claims.session_id).toBe(decodeJwt(first.access_token).payload.session_id)
    expect(verified.data!.refresh_token).not.toBe(first.refresh_token)
    expect(verified.data!.user.factors?.[0]?.status).toBe('verified')

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data?.currentLevel).toBe('aal2')
    expect(level.data?.nextLevel).toBe('aal2')
    const methods = level.data?.currentAuthenticationMethods ?? []
    expect(methods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'password'])

    const [sessionRow] = await t.stack.sql`
      select aal::text, factor_id from auth.sessions where id = ${claims.session_id as string}`
    expect(sessionRow).toEqual({ aal: 'aal2', factor_id: factorId })
    const [challengeRow] = await t.stack.sql`
      select verified_at is not null as verified from auth.mfa_challenges
      where id = ${challenge.data!.id}`
    expect(challengeRow).toEqual({ verified: true })
    const claimsRows = await t.stack.sql`
      select authentication_method from auth.mfa_amr_claims
      where session_id = ${claims.session_id as string} order by authentication_method`
    expect(claimsRows.map((r) => r.authentication_method)).toEqual(['password', 'totp'])

    const again = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret),
    })
    expect(again.error?.code).toBe('mfa_ip_address_mismatch')
    expect(again.error?.message).toBe('Challenge and verify IP addresses mismatch.')

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(decodeJwt(refreshed.data.session!.access_token).payload.aal).toBe('aal2')
    // The user's other aal1 sessions end with the verification.
    const stale = await earlier.auth.refreshSession()
    expect(stale.error?.code).toBe('refresh_token_not_found')
  })

  it('a new sign-in is aal1 with aal2 next; aal2 is needed to add or remove factors', async () => {
    const { client, email, password } = await confirmedClient(t.stack)
    const { factor } = await enrolVerified(client)

    const other = t.stack.client()
    await other.auth.signInWithPassword({ email, password })
    const level = await other.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    const listed = await other.auth.mfa.listFactors()
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id])

    const add = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })
    expect(add.error?.status).toBe(403)
    expect(add.error?.code).toBe('insufficient_aal')
    expect(add.error?.message).toBe('AAL2 required to enroll a new factor')
    const remove = await other.auth.mfa.unenroll({ factorId: factor.id })
    expect(remove.error?.status).toBe(422)
    expect(remove.error?.code).toBe('insufficient_aal')
    expect(remove.error?.message).toBe('AAL2 required to unenroll verified factor')

    const stepUp = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    })
    expect(stepUp.error).toBeNull()
    const removed = await other.auth.mfa.unenroll({ factorId: factor.id })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id: factor.id })
    expect(await t.stack.sql`select 1 from auth.mfa_factors where id = ${factor.id}`).toHaveLength(
      0
    )
    const sessionId = decodeJwt(stepUp.data!.access_token).payload.session_id as string
    const [row] = await t.stack.sql`
      select aal::text, factor_id from auth.sessions where id = ${sessionId}`
    expect(row).toEqual({ aal: 'aal1', factor_id: null })
    const refreshed = await other.auth.refreshSession()
    const claims = decodeJwt(refreshed.data.session!.access_token).payload
    expect(claims.aal).toBe('aal1')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password'])
  })

  it('a password or email change of an account with a factor needs an aal2 session', async () => {
    const { client, email, password } = await confirmedClient(t.stack)
    const { factor } = await enrolVerified(client)
    const other = t.stack.client()
    await other.auth.signInWithPassword({ email, password })
    for (const change of [{ password: 'changed-pass-2' }, { email: `new-${email}` }]) {
      const refused = await other.auth.updateUser(change)
      expect(refused.error?.status).toBe(401)
      expect(refused.error?.code).toBe('insufficient_aal')
      expect(refused.error?.message).toBe(
        'AAL2 session is required to update email or password when MFA is enabled.'
      )
    }
    // Metadata, and the same email again, are no change of credentials.
    expect((await other.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull()
    expect((await other.auth.updateUser({ email })).error).toBeNull()
    const [row] = await t.stack.sql<{ email_change: string }[]>`
      select coalesce(email_change, '') as email_change from auth.users where email = ${email}`
    expect(row!.email_change).toBe('')
    const still = t.stack.client()
    expect((await still.auth.signInWithPassword({ email, password })).error).toBeNull()

    const stepUp = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    })
    expect(stepUp.error).toBeNull()
    expect((await other.auth.updateUser({ password: 'changed-pass-2' })).error).toBeNull()
  })

  it('lists and deletes a user’s factors through the admin API', async () => {
    const { client, user } = await confirmedClient(t.stack)
    const { factor } = await enrolVerified(client)
    const admin = t.stack.client(t.stack.serviceRoleKey)
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors.map((f) => [f.id, f.status, f.friendly_name])).toEqual([
      [factor.id, 'verified', 'phone app'],
    ])
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
    expect(deleted.error).toBeNull()
    // auth-js wraps the deleted factor once more: { data: factor, error: null }.
    const body = deleted.data as unknown as { data: { id: string; status: string } }
    expect(body.data).toMatchObject({ id: factor.id, status: 'verified' })
    const gone = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
    expect(gone.error?.status).toBe(404)
    expect(gone.error?.code).toBe('mfa_factor_not_found')
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([])

    const badUser = await authFetch(t.stack, '/admin/users/nope/factors', {
      token: t.stack.serviceRoleKey,
    })
    expect(badUser.status).toBe(404)
    expect(badUser.body).toMatchObject({
      code: 'validation_failed',
      message: 'user_id must be an UUID',
    })
    const notAdmin = await authFetch(t.stack, `/admin/users/${user.id}/factors`)
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.code).toBe('not_admin')
  })

  it('an expired challenge is refused and deleted; an admin delete takes the session to aal1', async () => {
    const { client, user } = await confirmedClient(t.stack)
    const { factor, session } = await enrolVerified(client)
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const id = challenge.data!.id
    await t.stack.sql`
      update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = ${id}`
    const late = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: id,
      code: totpCode(factor.totp.secret),
    })
    expect(late.error?.status).toBe(422)
    expect(late.error?.code).toBe('mfa_challenge_expired')
    expect(late.error?.message).toBe(
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`
    )
    expect(await t.stack.sql`select 1 from auth.mfa_challenges where id = ${id}`).toHaveLength(0)

    const admin = t.stack.client(t.stack.serviceRoleKey)
    await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
    const sessionId = decodeJwt(session.access_token).payload.session_id as string
    const [row] = await t.stack.sql`select aal::text from auth.sessions where id = ${sessionId}`
    expect(row).toEqual({ aal: 'aal1' })
    const refreshed = await client.auth.refreshSession()
    expect(decodeJwt(refreshed.data.session!.access_token).payload.aal).toBe('aal1')
  })
})
