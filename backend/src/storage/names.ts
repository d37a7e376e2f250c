// Bucket names and object keys as Supabase Storage accepts them: the S3-safe characters only
// (Storage's isValidKey / isValidBucketName). On top of that, a key may not hold empty, "." or
// ".." segments: such names could alias another key on disk or climb out of the bucket's folder.
import { ERRORS } from './errors.ts'

const KEY_CHARACTERS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const BUCKET_CHARACTERS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/

/** S3's limit on a key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024
export const MAX_BUCKET_NAME_LENGTH = 100

export function isValidKey(key: string): boolean {
  if (key.length === 0 || !KEY_CHARACTERS.test(key)) return false
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_BUCKET_NAME_LENGTH &&
    name.trim() === name &&
    name !== '.' &&
    name !== '..' &&
    BUCKET_CHARACTERS.test(name)
  )
}

/** The key, or Storage's InvalidKey error. */
export function mustBeValidKey(key: unknown): string {
  if (typeof key !== 'string' || !isValidKey(key)) throw ERRORS.invalidKey(String(key))
  return key
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw ERRORS.invalidBucketName()
  return name
}

/** `owner` is a uuid column: the JWT's sub only when it is a uuid. */
export function ownerUuid(sub: string | null): string | null {
  return sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
    ? sub
    : null
}
