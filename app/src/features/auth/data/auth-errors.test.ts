import { describe, expect, it } from 'vitest'
import { authSentence } from './auth-errors.ts'
// The app's Lingui set-up (English active), as the app has it before any form shows.
import '../../../lib/i18n.ts'

const refusal = (code: string, message: string) => Object.assign(new Error(message), { code })

describe("Auth's refusals in a person's words", () => {
  it('replaces the messages of the codes it knows', () => {
    expect(authSentence(refusal('invalid_credentials', 'Invalid login credentials'))).toBe(
      'That email and password do not match. Check them, or reset your password.'
    )
    expect(authSentence(refusal('user_already_exists', 'User already registered'))).toBe(
      'An account with this email already exists. Sign in, or reset your password.'
    )
    expect(authSentence(refusal('over_email_send_rate_limit', 'Email rate limit exceeded'))).toBe(
      'Too many emails went to this address. Wait a few minutes, then try again.'
    )
  })

  it('leaves others to cleanError', () => {
    expect(authSentence(refusal('unexpected_failure', 'Database error'))).toBeNull()
    expect(authSentence(new Error('no code'))).toBeNull()
    expect(authSentence(null)).toBeNull()
  })
})
