// Answers that must be GoTrue's to the letter: generateLink's fields for every link type, and
// verifyOtp with a phone number that is not E.164.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

const hashOf = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex')

describe('exact answers', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig('', 'double_confirm_changes = true') })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('generateLink returns GoTrue’s fields for each link type', async () => {
    const admin = stack.client(stack.serviceRoleKey)
    const existing = uniqueEmail('link')
    await admin.auth.admin.createUser({ email: existing, password: 'secret-pass-1' })
    const confirmed = uniqueEmail('confirmed')
    await admin.auth.admin.createUser({
      email: confirmed,
      password: 'secret-pass-1',
      email_confirm: true,
    })
    const cases = [
      { params: { type: 'signup', email: uniqueEmail(), password: 'secret-pass-1' } },
      { params: { type: 'invite', email: uniqueEmail() } },
      { params: { type: 'magiclink', email: existing } },
      { params: { type: 'magiclink', email: uniqueEmail() }, becomes: 'signup' },
      { params: { type: 'recovery', email: existing } },
      { params: { type: 'email_change_current', email: confirmed, newEmail: uniqueEmail() } },
      { params: { type: 'email_change_new', email: confirmed, newEmail: uniqueEmail() } },
    ] as const
    for (const { params, ...rest } of cases) {
      const raw = await authFetch(stack, '/admin/generate_link', {
        token: stack.serviceRoleKey,
        body: {
          type: params.type,
          email: params.email,
          ...('password' in params ? { password: params.password } : {}),
          ...('newEmail' in params ? { new_email: params.newEmail } : {}),
        },
      })
      expect(raw.status, params.type).toBe(200)
      const keys = Object.keys(raw.body)
      expect(keys.slice(-5), params.type).toEqual([
        'action_link',
        'email_otp',
        'hashed_token',
        'verification_type',
        'redirect_to',
      ])
      expect(keys.slice(0, 4)).toEqual(['id', 'aud', 'role', 'email'])
      const type = 'becomes' in rest ? rest.becomes : params.type
      expect(raw.body.verification_type, params.type).toBe(type)
      expect(raw.body.email_otp).toMatch(/^\d{6}$/)
      expect(raw.body.hashed_token).toBe(hashOf(params.email, raw.body.email_otp as string))
      expect(raw.body.redirect_to).toBe('http://127.0.0.1:3000')
      const link = new URL(raw.body.action_link as string)
      expect(link.pathname).toBe('/auth/v1/verify')
      const linkType = type.startsWith('email_change') ? 'email_change' : type
      expect(link.searchParams.get('type'), params.type).toBe(linkType)
    }

    const viaClient = await admin.auth.admin.generateLink({ type: 'recovery', email: existing })
    expect(viaClient.error).toBeNull()
    expect(Object.keys(viaClient.data.properties ?? {}).sort()).toEqual([
      'action_link',
      'email_otp',
      'hashed_token',
      'redirect_to',
      'verification_type',
    ])
    expect(viaClient.data.user?.email).toBe(existing)
  })

  it('verifyOtp with a malformed phone number answers the E.164 error', async () => {
    const client = stack.client()
    const malformed = await client.auth.verifyOtp({ phone: '12ab', token: '123456', type: 'sms' })
    expect(malformed.error?.status).toBe(400)
    expect(malformed.error?.code).toBe('validation_failed')
    expect(malformed.error?.message).toBe('Invalid phone number format (E.164 required)')
    const leadingZero = await client.auth.verifyOtp({
      phone: '+0123456',
      token: '123456',
      type: 'sms',
    })
    expect(leadingZero.error?.message).toBe('Invalid phone number format (E.164 required)')
    const wellFormed = await client.auth.verifyOtp({
      phone: '+1 415 555 0100',
      token: '123456',
      type: 'sms',
    })
    expect(wellFormed.error?.status).toBe(403)
    expect(wellFormed.error?.code).toBe('otp_expired')
  })
})
