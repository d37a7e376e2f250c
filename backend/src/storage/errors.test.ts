import { describe, expect, it } from 'vitest'
import { ERRORS, fromDbError, StorageError } from './errors.ts'

function pgError(code: string, message = 'x'): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' })
}

describe('rendering', () => {
  it('puts the logical status in the body and answers 400 for client errors', () => {
    const error = ERRORS.noSuchKey()
    expect(error.render()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
    expect(error.httpStatus).toBe(400)
    expect(ERRORS.internal().httpStatus).toBe(500)
    expect(ERRORS.invalidRange().httpStatus).toBe(416)
    expect(ERRORS.serviceRoleOnly().httpStatus).toBe(403)
  })
})

describe('fromDbError', () => {
  it('maps SQLSTATEs as Storage does', () => {
    const rls = 'new row violates row-level security policy for table "objects"'
    expect(fromDbError(pgError('42501', rls)).render()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    })
    // A 42501 a function raises keeps its message, as Storage's DBError passes it on.
    expect(fromDbError(pgError('42501', 'Files in Acme can be at most 5 bytes.')).message).toBe(
      'Files in Acme can be at most 5 bytes.'
    )
    expect(fromDbError(pgError('23505')).code).toBe('KeyAlreadyExists')
    expect(fromDbError(pgError('23505'), { onConflict: ERRORS.bucketAlreadyExists }).code).toBe(
      'BucketAlreadyExists'
    )
    expect(fromDbError(pgError('23503')).code).toBe('NoSuchBucket')
    expect(fromDbError(pgError('22023', 'role "nobody" does not exist')).code).toBe('AccessDenied')
    expect(fromDbError(pgError('57014')).status).toBe(544)
  })

  it('answers text or JSON the database cannot store (a NUL byte) with a 400, not a 500', () => {
    for (const code of ['22021', '22P05']) {
      const error = fromDbError(pgError(code, 'invalid byte sequence for encoding "UTF8": 0x00'))
      expect(error.httpStatus).toBe(400)
      expect(error.render()).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'InvalidRequest',
        message: 'The request holds a character the database cannot store',
      })
    }
  })

  it('keeps Storage errors and hides everything else behind a generic 500', () => {
    const own = ERRORS.noSuchBucket()
    expect(fromDbError(own)).toBe(own)
    const unknown = fromDbError(new Error('disk on fire'))
    expect(unknown).toBeInstanceOf(StorageError)
    expect(unknown.render()).toEqual({
      statusCode: '500',
      code: 'InternalError',
      error: 'Internal',
      message: 'Internal Server Error',
    })
    expect(fromDbError(pgError('XX000')).status).toBe(500)
  })
})
