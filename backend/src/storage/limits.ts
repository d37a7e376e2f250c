// A bucket's limits as Storage applies them: the file size limit (bytes, or a string such as
// "20MB" with decimal units, never above the global [storage] file_size_limit) and the allowed
// MIME types, where "image/*" allows every image type.
import { ERRORS } from './errors.ts'

const SIZE = /^(\d+(?:\.\d+)?)\s*(gb|mb|kb|b)$/i
const UNITS: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }
const MIME = /^[a-z0-9!#$&^_.+-]+\/([a-z0-9!#$&^_.+-]+|\*)$/i

/** A bucket's file_size_limit from a request: null clears it; over the global limit is refused. */
export function parseFileSizeLimit(value: unknown, globalLimit: number): number | null {
  if (value === null || value === undefined) return null
  let bytes: number
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw ERRORS.invalidFileSizeLimit()
    bytes = value
  } else if (typeof value === 'string') {
    const match = SIZE.exec(value.trim())
    if (!match) throw ERRORS.invalidFileSizeLimit()
    bytes = Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1))
  } else {
    throw ERRORS.invalidFileSizeLimit()
  }
  if (bytes > globalLimit) throw ERRORS.entityTooLarge()
  return bytes
}

/** The largest object a bucket takes. */
export function effectiveLimit(globalLimit: number, bucketLimit: number | null): number {
  return bucketLimit !== null && bucketLimit > 0 ? Math.min(bucketLimit, globalLimit) : globalLimit
}

/** A bucket's allowed_mime_types from a request (each "type/subtype" or "type/*"). */
export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null
  if (!Array.isArray(value)) throw ERRORS.validation('body/allowed_mime_types must be array')
  for (const entry of value) {
    if (typeof entry !== 'string' || !MIME.test(entry.trim())) {
      throw ERRORS.invalidMimeType(String(entry))
    }
  }
  return value.length === 0 ? null : (value as string[]).map((v) => v.trim())
}

/** Refuses a type the bucket does not allow (parameters such as charset do not count). */
export function mustBeAllowedMimeType(mimetype: string, allowed: string[] | null): void {
  if (allowed === null || allowed.length === 0) return
  const [type, subtype] = essence(mimetype).split('/')
  if (type && subtype) {
    for (const entry of allowed) {
      const [allowedType, allowedSubtype] = essence(entry).split('/')
      if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return
    }
  }
  throw ERRORS.invalidMimeType(mimetype)
}

function essence(mimetype: string): string {
  return (mimetype.split(';')[0] ?? '').trim().toLowerCase()
}
