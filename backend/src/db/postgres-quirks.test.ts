import { describe, expect, it } from 'vitest'
import {
  isClosedSocketWrite,
  isLateSocketReset,
  isOrphanConnectionFailure,
} from './postgres-quirks.ts'

function errorAt(message: string, frame: string): TypeError {
  const error = new TypeError(message)
  error.stack = `TypeError: ${message}\n    at ${frame}`
  return error
}

describe('isClosedSocketWrite', () => {
  it("recognizes postgres.js writing to a closed connection's socket", () => {
    expect(
      isClosedSocketWrite(
        errorAt(
          "Cannot read properties of null (reading 'write')",
          'Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)'
        )
      )
    ).toBe(true)
  })

  it('lets nothing else pass: the same error elsewhere, other errors of postgres.js', () => {
    expect(
      isClosedSocketWrite(
        errorAt(
          "Cannot read properties of null (reading 'write')",
          'write (file:///app/src/x.ts:1:1)'
        )
      )
    ).toBe(false)
    expect(
      isClosedSocketWrite(
        errorAt(
          "Cannot read properties of null (reading 'end')",
          'end (file:///app/node_modules/postgres/src/connection.js:300:1)'
        )
      )
    ).toBe(false)
    expect(isClosedSocketWrite(new Error("Cannot read properties of null (reading 'write')"))).toBe(
      false
    )
    expect(isClosedSocketWrite('write')).toBe(false)
  })
})

describe('isLateSocketReset', () => {
  const reset = (code: string, syscall: string) =>
    Object.assign(new Error(`${syscall} ${code}`), { code, syscall })

  it("recognizes a peer's reset on a read or a write", () => {
    expect(isLateSocketReset(reset('ECONNRESET', 'read'))).toBe(true)
    expect(isLateSocketReset(reset('EPIPE', 'write'))).toBe(true)
  })

  it('lets other errors through', () => {
    expect(isLateSocketReset(reset('EADDRINUSE', 'listen'))).toBe(false)
    expect(isLateSocketReset(reset('ECONNRESET', 'connect'))).toBe(false)
    expect(isLateSocketReset(new TypeError('x'))).toBe(false)
    expect(isLateSocketReset(null)).toBe(false)
  })
})

describe('isOrphanConnectionFailure', () => {
  const failure = (code: string, syscall?: string) =>
    Object.assign(new Error(`${syscall ?? 'write'} ${code}`), { code, syscall })

  it("recognizes a connection's failure nobody awaited", () => {
    expect(
      isOrphanConnectionFailure(failure('ECONNREFUSED', 'connect'), 'unhandledRejection')
    ).toBe(true)
    expect(isOrphanConnectionFailure(failure('CONNECTION_CLOSED'), 'unhandledRejection')).toBe(true)
  })

  it('lets thrown errors and other rejections through', () => {
    expect(isOrphanConnectionFailure(failure('ECONNREFUSED', 'connect'), 'uncaughtException')).toBe(
      false
    )
    expect(isOrphanConnectionFailure(failure('EADDRINUSE', 'listen'), 'unhandledRejection')).toBe(
      false
    )
    expect(isOrphanConnectionFailure(new TypeError('x'), 'unhandledRejection')).toBe(false)
    expect(isOrphanConnectionFailure(null, 'unhandledRejection')).toBe(false)
  })
})
