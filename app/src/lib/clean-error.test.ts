import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanError, isAuthExpired, isNetworkError } from './clean-error.ts'
import { errorCode, hasCode } from './error-codes.ts'
import { loadErrorSentences } from './error-sentences.ts'

afterEach(() => vi.unstubAllGlobals())

describe('cleanError', () => {
  it('tells network failures apart, so they are retried', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNetworkError({ name: 'AuthRetryableFetchError', message: '' })).toBe(true)
    expect(isNetworkError({ status: 503, message: 'unavailable' })).toBe(true)
    expect(
      isNetworkError({ code: '42501', message: 'new row violates row-level security policy' })
    ).toBe(false)
  })

  it('says offline whatever the error when the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(cleanError({ message: 'anything' })).toMatch(/offline/)
  })

  it('turns refusals and expired sessions into sentences', () => {
    expect(
      cleanError({
        code: '42501',
        message: 'new row violates row-level security policy for table "x"',
      })
    ).toBe('You do not have permission to do that here.')
    expect(isAuthExpired({ code: 'PGRST301', message: 'JWT expired' })).toBe(true)
    expect(cleanError({ code: 'PGRST301', message: 'JWT expired' })).toMatch(/session expired/)
  })

  it('passes the database sentence through and has a fallback', () => {
    expect(cleanError({ code: '22023', message: 'Message is too long.' })).toBe(
      'Message is too long.'
    )
    expect(cleanError(null)).toBe('Something went wrong. Please try again.')
  })
})

describe('a refusal with a Chorus code', () => {
  const refusal = {
    code: '42501',
    message: 'You are not a member of this workspace.',
    details: 'not_workspace_member',
  }

  it('is told by its code, not its words', () => {
    expect(errorCode(refusal)).toBe('not_workspace_member')
    expect(hasCode(refusal, 'not_workspace_member')).toBe(true)
    expect(
      hasCode({ ...refusal, details: 'Key (id)=(1) already exists.' }, 'not_workspace_member')
    ).toBe(false)
    expect(
      errorCode({ code: '23505', message: 'duplicate', details: 'Key (id)=(1) already exists.' })
    ).toBeNull()
  })

  it("reads as the code's sentence, with the code for support", async () => {
    // Before the catalogue is in, the server's sentence stands in.
    expect(cleanError(refusal)).toBe(
      'You are not a member of this workspace. (not_workspace_member)'
    )
    await loadErrorSentences()
    expect(cleanError({ ...refusal, message: 'whatever the server said' })).toBe(
      'You are not a member of this workspace. (not_workspace_member)'
    )
    // A code the catalogue does not know yet still shows, with the server's words.
    expect(cleanError({ code: '22023', message: 'Nope.', details: 'brand_new_code' })).toBe(
      'Nope. (brand_new_code)'
    )
  })
})
