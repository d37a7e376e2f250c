// What TOTP MFA refuses, through auth-js and raw HTTP as GoTrue answers it: malformed and foreign
// requests with GoTrue's codes, anonymous users, and the [auth.mfa] switches and limits.
import { describe, expect, it } from 'vitest'
import { MFA_ON, useMfaStack } from './mfa-support.ts'
import { authConfig, authFetch, confirmedClient } from './support.ts'
import { startTestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'

describe('TOTP factors', () => {
  const t = useMfaStack()

  it('answers bad requests with GoTrue’s codes', async () => {
    const { client, session } = await confirmedClient(t.stack)
    const token = session.access_token
    const first = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' })
    const clash = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' })
    expect(clash.error?.status).toBe(422)
    expect(clash.error?.code).toBe('mfa_factor_name_conflict')
    expect(clash.error?.message).toBe(
      'A factor with the friendly name "same" for this user already exists'
    )
    const badType = await authFetch(t.stack, '/factors', { token, body: { factor_type: 'sms' } })
    expect(badType.status).toBe(400)
    expect(badType.body).toMatchObject({
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    })
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+14155550100' })
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled')
    expect(phone.error?.message).toBe('MFA enroll is disabled for Phone')
    const webauthn = await authFetch(t.stack, '/factors', {
      token,
      body: { factor_type: 'webauthn' },
    })
    expect(webauthn.body).toMatchObject({
      code: 'mfa_webauthn_enroll_not_enabled',
      message: 'MFA enroll is disabled for WebAuthn',
    })

    const factorId = first.data!.id
    const noCode = await authFetch(t.stack, `/factors/${factorId}/verify`, {
      token,
      body: { challenge_id: factorId },
    })
    expect(noCode.status).toBe(400)
    expect(noCode.body).toMatchObject({
      code: 'validation_failed',
      message: 'Code needs to be non-empty',
    })
    const unknownChallenge = await client.auth.mfa.verify({
      factorId,
      challengeId: factorId,
      code: '123456',
    })
    expect(unknownChallenge.error?.status).toBe(422)
    expect(unknownChallenge.error?.code).toBe('mfa_factor_not_found')
    expect(unknownChallenge.error?.message).toBe(
      'MFA factor with the provided challenge ID not found'
    )
    const badChallenge = await authFetch(t.stack, `/factors/${factorId}/verify`, {
      token,
      body: { challenge_id: 'abc', code: '123456' },
    })
    expect(badChallenge.status).toBe(400)
    expect(badChallenge.body.code).toBe('bad_json')
    const badFactor = await authFetch(t.stack, '/factors/xyz/challenge', { token, body: {} })
    expect(badFactor.status).toBe(404)
    expect(badFactor.body).toMatchObject({
      code: 'validation_failed',
      message: 'factor_id must be an UUID',
    })
    const stranger = await confirmedClient(t.stack)
    const notTheirs = await stranger.client.auth.mfa.challenge({ factorId })
    expect(notTheirs.error?.status).toBe(404)
    expect(notTheirs.error?.code).toBe('mfa_factor_not_found')
    expect(notTheirs.error?.message).toBe('Factor not found')

    const noToken = await fetch(`${t.stack.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    expect(noToken.status).toBe(401)
    expect(await noToken.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
    const signedOut = await t.stack.client().auth.mfa.enroll({ factorType: 'totp' })
    expect(signedOut.error?.status).toBe(403)
    expect(signedOut.error?.code).toBe('bad_jwt')
    expect(signedOut.error?.message).toBe('invalid claim: missing sub claim')
  })

  it('refuses anonymous users', async () => {
    const anonymous = await startTestStack({
      config: authConfig('enable_anonymous_sign_ins = true', '', MFA_ON),
    })
    try {
      const client = anonymous.client()
      await client.auth.signInAnonymously()
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
      expect(enrolled.error?.status).toBe(403)
      expect(enrolled.error?.code).toBe('no_authorization')
      expect(enrolled.error?.message).toBe('Anonymous user not allowed to perform these actions')
    } finally {
      await anonymous.stop()
    }
  })
})

describe('[auth.mfa] switches and limits', () => {
  const t = useTestStack(() =>
    startTestStack({
      config: authConfig(
        '',
        '',
        '[auth.mfa]\nmax_enrolled_factors = 2\n[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = false'
      ),
    })
  )

  it('enrols but does not challenge with verify_enabled off; max_enrolled_factors holds', async () => {
    const { client } = await confirmedClient(t.stack)
    const one = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'one' })
    expect(one.error).toBeNull()
    const challenge = await client.auth.mfa.challenge({ factorId: one.data!.id })
    expect(challenge.error?.status).toBe(422)
    expect(challenge.error?.code).toBe('mfa_totp_verify_not_enabled')
    expect(challenge.error?.message).toBe('MFA verification is disabled for TOTP')
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'two' })
    const three = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'three' })
    expect(three.error?.status).toBe(422)
    expect(three.error?.code).toBe('too_many_enrolled_mfa_factors')
    expect(three.error?.message).toBe(
      'Maximum number of verified factors reached, unenroll to continue'
    )
  })
})
