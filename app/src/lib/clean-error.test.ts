import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanError, isAuthExpired, isNetworkError } from './clean-error.ts'

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
