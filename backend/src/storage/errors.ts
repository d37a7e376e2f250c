// Storage's one error type and its catalogue, in Supabase Storage's wire format:
// {statusCode: "<logical status as a string>", code, error, message}, sent with HTTP 400 for
// client errors (the logical status lives in the body), 500 for internal ones, and a few real
// statuses where Storage uses them (403 for the service-role guard, 416 for ranges, 404 routes).
import { isPostgresError, SQLSTATE } from '../db/errors.ts'

export interface StorageErrorBody {
  statusCode: string
  code: string
  error: string
  message: string
}

export class StorageError extends Error {
  override name = 'StorageError'

  constructor(
    /** The logical status, rendered as the body's statusCode. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** The body's `error` field; Storage falls back to the code. */
    readonly error: string = code,
    /** The HTTP status when it is not Storage's usual 400/500. */
    readonly httpStatus: number = status === 500 ? 500 : 400,
    override readonly cause?: unknown
  ) {
    super(message)
  }

  render(): StorageErrorBody {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.error,
      message: this.message,
    }
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large'
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type'
    ),
  accessDenied: (message: string, cause?: unknown) =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized', 400, cause),
  /** The routes only the service key may call answer with a real 403. */
  serviceRoleOnly: () =>
    new StorageError(
      403,
      'AccessDenied',
      'Access denied: the service_role key is required',
      'Unauthorized',
      403
    ),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () =>
    new StorageError(400, 'InvalidSignature', 'The url do not match the signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /** Request validation (what Fastify's schema validation reports in Storage). */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Error'),
  invalidFileSizeLimit: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'
    ),
  /** The client went away before the body was complete (nobody reads the answer). */
  aborted: () => new StorageError(400, 'InvalidRequest', 'The request body was not complete'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidRange: () =>
    new StorageError(
      416,
      'InvalidRange',
      'The requested range is not satisfiable',
      'InvalidRange',
      416
    ),
  imageProcessing: (message: string) => new StorageError(422, 'ImageProcessingError', message),
  resourceLocked: () => new StorageError(423, 'ResourceLocked', 'The resource is locked'),
  databaseTimeout: () =>
    new StorageError(544, 'DatabaseTimeout', 'Timeout while acquiring a database connection'),
  routeNotFound: (method: string, url: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
  internal: (cause?: unknown) =>
    new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal', 500, cause),
}

/**
 * Maps a database error to Storage's error, as Storage's DBError does; `onConflict` and
 * `onMissingParent` name what a unique or foreign-key violation means for the operation.
 * Anything unexpected stays a generic internal error (the cause is logged by the handler).
 */
export function fromDbError(
  error: unknown,
  context: { onConflict?: () => StorageError; onMissingParent?: () => StorageError } = {}
): StorageError {
  if (error instanceof StorageError) return error
  if (!isPostgresError(error)) return ERRORS.internal(error)
  switch (error.code) {
    case SQLSTATE.insufficientPrivilege:
      // A policy's refusal reads as Storage words it; a function that a policy calls may raise
      // its own 42501, whose message Storage passes on (a file over its workspace's limit).
      return ERRORS.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
        error
      )
    case SQLSTATE.uniqueViolation:
      return context.onConflict ? context.onConflict() : ERRORS.keyAlreadyExists()
    case SQLSTATE.foreignKeyViolation:
      return context.onMissingParent ? context.onMissingParent() : ERRORS.noSuchBucket()
    case SQLSTATE.lockNotAvailable:
      return ERRORS.resourceLocked()
    case SQLSTATE.queryCanceled:
      return ERRORS.databaseTimeout()
    case SQLSTATE.characterNotInRepertoire:
    case SQLSTATE.untranslatableCharacter:
      // Text or JSON the database cannot store (a NUL character): the request's fault. The
      // names, searches and metadata are checked before (names.ts); this is the backstop.
      return ERRORS.invalidRequest('The request holds a character the database cannot store')
    case SQLSTATE.invalidParameterValue:
      // A JWT whose role claim names no database role: refused like any other bad token.
      if (/role .* does not exist/.test(error.message))
        return ERRORS.accessDenied(error.message, error)
      return ERRORS.internal(error)
    default:
      return ERRORS.internal(error)
  }
}
