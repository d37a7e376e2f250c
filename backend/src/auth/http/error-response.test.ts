import { describe, expect, it } from 'vitest'
import { AuthError, ERRORS, OAuthError } from '../errors.ts'
import { closestApiVersion, renderError } from './error-response.ts'

describe('closestApiVersion', () => {
  it('maps dates on or after 2024-01-01 to 2024-01-01 and the rest to legacy', () => {
    expect(closestApiVersion('2024-01-01')).toBe('2024-01-01')
    expect(closestApiVersion('2026-12-31')).toBe('2024-01-01')
    expect(closestApiVersion('2023-12-31')).toBeNull()
    expect(closestApiVersion(undefined)).toBeNull()
    expect(closestApiVersion('2024-13-01')).toBeNull()
    expect(closestApiVersion('yesterday')).toBeNull()
  })
})

describe('renderError', () => {
  const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

  it('renders the 2024-01-01 format with the echoed version', () => {
    expect(renderError(error, '2024-01-01')).toEqual({
      status: 400,
      headers: { 'x-supabase-api-version': '2024-01-01', 'x-sb-error-code': 'invalid_credentials' },
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    })
  })

  it('renders the legacy format without the header', () => {
    expect(renderError(error, undefined)).toEqual({
      status: 400,
      headers: { 'x-sb-error-code': 'invalid_credentials' },
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    })
  })

  it('adds the reasons of weak passwords in both formats', () => {
    const weak = ERRORS.weakPassword('Password should be at least 6 characters.', ['length'])
    expect(renderError(weak, '2024-01-01').body.weak_password).toEqual({ reasons: ['length'] })
    expect(renderError(weak, undefined).body).toMatchObject({
      code: 422,
      error_code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })
  })

  it('renders OAuth errors and hides unexpected failures', () => {
    expect(
      renderError(new OAuthError('invalid_request', 'refresh_token required'), undefined)
    ).toEqual({
      status: 400,
      headers: {},
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    })
    const unexpected = renderError(new Error('connection refused at 10.0.0.1'), '2024-01-01')
    expect(unexpected.status).toBe(500)
    expect(unexpected.body).toEqual({
      code: 'unexpected_failure',
      message: 'Unexpected failure, please check server logs for more information',
    })
    const legacy = renderError(new Error('boom'), undefined)
    expect(legacy.body).toMatchObject({ code: 500, error_code: 'unexpected_failure' })
    expect(legacy.body.error_id).toMatch(/^[0-9a-f-]{36}$/)
  })
})
