import { describe, expect, it } from 'vitest'
import { isConnectionError, isPostgresError, SQLSTATE } from './errors.ts'

/** What postgres.js's PostgresError carries once the server's ErrorResponse is read. */
function serverError(code: string, message = 'failed') {
  return Object.assign(new Error(message), { name: 'PostgresError', code, severity: 'ERROR' })
}

/** What Node's socket or the driver raises for a connection (no severity). */
function socketError(code: string) {
  return Object.assign(new Error(code), { code })
}

describe('isPostgresError', () => {
  it('knows the server’s answers, including a function’s RAISE SQLSTATE PGRST', () => {
    expect(isPostgresError(serverError(SQLSTATE.uniqueViolation))).toBe(true)
    expect(isPostgresError(serverError('PGRST'))).toBe(true)
    expect(isPostgresError({ code: '42501', severity: 'ERROR', message: 'denied' })).toBe(true)
  })

  it('refuses socket and driver errors, even a five-letter code like EPIPE', () => {
    expect(isPostgresError(socketError('EPIPE'))).toBe(false)
    expect(isPostgresError(socketError('ECONNRESET'))).toBe(false)
    expect(isPostgresError(socketError('CONNECTION_CLOSED'))).toBe(false)
    expect(isPostgresError({ code: 'abc12', severity: 'ERROR', message: 'x' })).toBe(false)
    expect(isPostgresError(null)).toBe(false)
    expect(isPostgresError('23505')).toBe(false)
  })
})

describe('isConnectionError', () => {
  it('knows the socket’s and the driver’s codes', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'EPIPE',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
    ]) {
      expect(isConnectionError(socketError(code)), code).toBe(true)
    }
  })

  it('knows the server’s classes 08 and 57P', () => {
    expect(isConnectionError(serverError('08006'))).toBe(true)
    expect(isConnectionError(serverError('08P01'))).toBe(true)
    expect(isConnectionError(serverError(SQLSTATE.adminShutdown))).toBe(true)
    expect(isConnectionError(serverError('57P03'))).toBe(true)
  })

  it('leaves statement errors to the caller', () => {
    expect(isConnectionError(serverError(SQLSTATE.queryCanceled))).toBe(false)
    expect(isConnectionError(serverError(SQLSTATE.uniqueViolation))).toBe(false)
    expect(isConnectionError(new Error('plain'))).toBe(false)
    expect(isConnectionError(undefined)).toBe(false)
  })
})
