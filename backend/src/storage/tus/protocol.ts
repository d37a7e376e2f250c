// The tus 1.0.0 protocol as Supabase Storage speaks it (its tus server, @tus/server, with its
// file store): the protocol's headers and their checks, Upload-Metadata, the upload's id in its
// URL (base64url of "<bucket>/<object name>/<version>"), and the protocol's own errors, which are
// plain text with a real HTTP status. Storage's errors on these routes are plain text too: their
// message, with the status their body would name (403 for row-level security, 404 for a missing
// bucket, 415 for a refused type).
import { StorageError } from '../errors.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../names.ts'

export const TUS_RESUMABLE = '1.0.0'
export const TUS_VERSION = '1.0.0'
/** What the file store of Storage's tus server supports. */
export const TUS_EXTENSIONS = [
  'creation',
  'creation-with-upload',
  'creation-defer-length',
  'termination',
  'expiration',
].join(',')
/** Where the routes live under /storage/v1, and the signed variant's suffix. */
export const TUS_PATH = '/upload/resumable'
export const SIGNED_SUFFIX = '/sign'
export const OFFSET_CONTENT_TYPE = 'application/offset+octet-stream'

/** The operation each tus request is, as Storage names it (request.jwt.claims' `operation`). */
export const TUS_OPERATIONS = {
  create: 'storage.tus.upload.create',
  part: 'storage.tus.upload.part',
  get: 'storage.tus.upload.get',
  delete: 'storage.tus.upload.delete',
  options: 'storage.tus.options',
} as const

/** The headers the protocol names: allowed in requests and exposed to browsers. */
export const TUS_HEADERS = [
  'Authorization',
  'Content-Type',
  'Location',
  'Tus-Extension',
  'Tus-Max-Size',
  'Tus-Resumable',
  'Tus-Version',
  'Upload-Concat',
  'Upload-Defer-Length',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'X-HTTP-Method-Override',
  'X-Requested-With',
  'X-Forwarded-Host',
  'X-Forwarded-Proto',
  'Forwarded',
]
/** Storage adds these to what a browser may send. */
export const EXTRA_ALLOWED_HEADERS = [
  'Authorization',
  'X-Upsert',
  'Upload-Expires',
  'ApiKey',
  'x-signature',
]
export const TUS_METHODS = 'POST, HEAD, PATCH, OPTIONS, DELETE'
export const TUS_MAX_AGE = '86400'

/** A protocol answer that is not a success: a status and a plain-text body. */
export class TusError extends Error {
  override name = 'TusError'
  constructor(
    readonly status: number,
    readonly body: string
  ) {
    super(body.trim())
  }
}

export const TUS_ERRORS = {
  resumableRequired: () => new TusError(412, 'Tus-Resumable Required\n'),
  missingOffset: () => new TusError(403, 'Upload-Offset header required\n'),
  invalidContentType: () => new TusError(403, 'Content-Type header required\n'),
  notFound: () => new TusError(404, 'The file for this url was not found\n'),
  offsetConflict: () => new TusError(409, 'Upload-Offset conflict\n'),
  gone: () => new TusError(410, 'The file for this url no longer exists\n'),
  sizeExceeded: () => new TusError(413, "upload's size exceeded\n"),
  maxSizeExceeded: () => new TusError(413, 'Maximum size exceeded\n'),
  invalidLength: () => new TusError(400, 'Upload-Length or Upload-Defer-Length header required\n'),
  invalidMetadata: () =>
    new TusError(
      400,
      'Upload-Metadata is invalid. It MUST consist of one or more comma-separated key-value pairs. The key and value MUST be separated by a space. The key MUST NOT contain spaces and commas and MUST NOT be empty. The key SHOULD be ASCII encoded and the value MUST be Base64 encoded. All keys MUST be unique'
    ),
  invalidTermination: () => new TusError(400, 'Cannot terminate an already completed upload'),
  concatenation: () =>
    new TusError(
      501,
      'Concatenation extension is not (yet) supported. Disable parallel uploads in the tus client.\n'
    ),
  invalidHeaders: (names: string[]) => new TusError(400, `Invalid ${names.join(' ')}\n`),
  unknown: () => new TusError(500, 'Something went wrong with that request\n'),
}

/** Storage's own errors on these routes: their message, with their logical status. */
export function asTusError(error: unknown): TusError {
  if (error instanceof TusError) return error
  if (error instanceof StorageError && error.status < 500) {
    return new TusError(error.status, error.message)
  }
  return TUS_ERRORS.unknown()
}

export type Metadata = Record<string, string | null>

/**
 * Upload-Metadata: comma-separated "key base64value" pairs (the value may be absent); keys
 * unique, without spaces or commas.
 */
export function parseMetadata(text: string): Metadata {
  const metadata: Metadata = {}
  for (const pair of text.split(',')) {
    const parts = pair.trim().split(' ')
    const key = parts[0] ?? ''
    if (parts.length > 2 || key === '' || key in metadata) throw TUS_ERRORS.invalidMetadata()
    const value = parts[1]
    if (value === undefined || value === '') {
      metadata[key] = null
      continue
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
      throw TUS_ERRORS.invalidMetadata()
    }
    metadata[key] = Buffer.from(value, 'base64').toString('utf8')
  }
  return metadata
}

export function stringifyMetadata(metadata: Metadata): string {
  return Object.entries(metadata)
    .map(([key, value]) =>
      value === null ? key : `${key} ${Buffer.from(value, 'utf8').toString('base64')}`
    )
    .join(',')
}

/**
 * The headers the protocol checks on every request but OPTIONS, as tus's header validator does;
 * returns the names of those whose value is wrong (Content-Type only counts on PATCH).
 */
export function invalidHeaders(method: string, headers: Record<string, unknown>): string[] {
  const invalid: string[] = []
  for (const [name, raw] of Object.entries(headers)) {
    const value = Array.isArray(raw) ? raw.join(', ') : raw
    if (typeof value !== 'string') continue
    if (!headerIsValid(name.toLowerCase(), value, method)) invalid.push(name.toLowerCase())
  }
  return invalid
}

function headerIsValid(name: string, value: string, method: string): boolean {
  switch (name) {
    case 'upload-offset':
    case 'upload-length':
      return /^\d+$/.test(value) && Number.isSafeInteger(Number(value))
    case 'upload-defer-length':
      return value === '1'
    case 'upload-metadata':
      try {
        parseMetadata(value)
        return true
      } catch {
        return false
      }
    case 'tus-resumable':
      return value === TUS_RESUMABLE
    case 'content-type':
      return method !== 'PATCH' || value === OFFSET_CONTENT_TYPE
    case 'upload-concat':
      return /^(partial|final;.+)$/.test(value)
    default:
      return true
  }
}

export interface UploadId {
  bucket: string
  key: string
  version: string
}

/** The id in an upload's URL: base64url of "<bucket>/<object name>/<version>". */
export function encodeUploadId(id: UploadId): string {
  return Buffer.from(`${id.bucket}/${id.key}/${id.version}`, 'utf8').toString('base64url')
}

/** Reads an upload's id from its URL segment; a malformed one is not found. */
export function decodeUploadId(segment: string): UploadId {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw TUS_ERRORS.notFound()
  const parts = Buffer.from(segment, 'base64url').toString('utf8').split('/')
  if (parts.length < 3) throw TUS_ERRORS.notFound()
  const bucket = parts.shift()!
  const version = parts.pop()!
  const key = parts.join('/')
  if (!/^[0-9a-f-]{36}$/.test(version)) throw TUS_ERRORS.notFound()
  try {
    mustBeValidBucketName(bucket)
    mustBeValidKey(key)
  } catch {
    throw TUS_ERRORS.notFound()
  }
  return { bucket, key, version }
}

/** Storage's cacheControl metadata: a number of seconds becomes max-age, anything else no-cache. */
export function cacheControlOf(value: string | null | undefined): string {
  return /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache'
}

/** The signed routes refuse a request without its token as Storage does. */
export const missingSignature = () =>
  new StorageError(400, 'InvalidSignature', 'Missing x-signature header')
