// The limits GoTrue puts on proving a second factor: /factors/{id}/verify and /challenge are each
// rate limited per IP (MFA.RateLimitChallengeAndVerify, 15 a minute with a burst of 30), so a
// password alone cannot search the TOTP code space; a challenge is used by one verify only, even
// when two race. A stack of its own: the buckets are per IP, and every test here is 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_ON, totpCode } from './mfa-support.ts'
import { authConfig, authFetch, confirmedClient, decodeJwt } from './support.ts'
import type { TestStack } from './support.ts'
import { startTestStack } from '../support/stack.ts'

describe('MFA limits', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig('', '', MFA_ON) })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('uses a challenge once when two verifies race with the right code', async () => {
    const { client, session } = await confirmedClient(stack)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    const factor = enrolled.data!
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const code = totpCode(factor.totp.secret)
    const verify = () =>
      authFetch(stack, `/factors/${factor.id}/verify`, {
        token: session.access_token,
        body: { challenge_id: challenge.data!.id, code },
      })
    const answers = await Promise.all([verify(), verify(), verify()])
    const won = answers.filter((a) => a.status === 200)
    const lost = answers.filter((a) => a.status !== 200)
    expect(won).toHaveLength(1)
    expect(decodeJwt(won[0]!.body.access_token as string).payload.aal).toBe('aal2')
    for (const answer of lost) {
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({
        code: 'mfa_ip_address_mismatch',
        message: 'Challenge and verify IP addresses mismatch.',
      })
    }
    // One session upgrade: one amr claim row, one refresh token issued by the verify.
    const sessionId = decodeJwt(session.access_token).payload.session_id as string
    const claims = await stack.sql`
      select 1 from auth.mfa_amr_claims where session_id = ${sessionId}
        and authentication_method = 'totp'`
    expect(claims).toHaveLength(1)
  })

  it('stops guessing TOTP codes after the burst, long before the code space is searched', async () => {
    const { client, session } = await confirmedClient(stack)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    const factor = enrolled.data!
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const right = totpCode(factor.totp.secret)
    let attempts = 0
    let refused: Awaited<ReturnType<typeof client.auth.mfa.verify>> | null = null
    for (let guess = 0; guess < 1_000_000 && attempts < 100; guess++) {
      const code = String(guess).padStart(6, '0')
      if (code === right) continue
      attempts++
      const answer = await client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.data!.id,
        code,
      })
      if (answer.error?.status === 429) {
        refused = answer
        break
      }
      expect(answer.error?.code).toBe('mfa_verification_failed')
    }
    // GoTrue's burst is 30 (less what the test before used), refilled at 15 a minute (one
    // every 4 s, so a slow run gets a few more).
    expect(refused).not.toBeNull()
    expect(attempts).toBeLessThanOrEqual(40)
    expect(refused!.error?.code).toBe('over_request_rate_limit')
    expect(refused!.error?.message).toBe('Request rate limit reached')

    // The raw answer is GoTrue's 429 body.
    const raw = await authFetch(stack, `/factors/${factor.id}/verify`, {
      token: session.access_token,
      body: { challenge_id: challenge.data!.id, code: right },
    })
    expect(raw.status).toBe(429)
    expect(raw.body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
  })

  it('limits challenges on their own bucket', async () => {
    const { client } = await confirmedClient(stack)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    let made = 0
    for (;;) {
      const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id })
      if (challenge.error) {
        expect(challenge.error.status).toBe(429)
        expect(challenge.error.code).toBe('over_request_rate_limit')
        break
      }
      made++
      expect(made).toBeLessThanOrEqual(40)
    }
    // The first two tests made three challenges: the rest of the burst of 30, give or take refills.
    expect(made).toBeGreaterThanOrEqual(26)
  })
})
