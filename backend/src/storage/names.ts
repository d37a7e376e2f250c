// Bucket names and object keys as Supabase Storage accepts them: the S3-safe characters only
// (Storage's isValidKey / isValidBucketName). On top of that, a key may not hold empty, "." or
// ".." segments: such names could alias another key on disk or climb out of the bucket's folder.
// checkRequestNames() applies the rules to every route in one place (a hook of the service):
// a name no object or bucket can have is refused before it reaches PostgreSQL (a NUL byte would
// fail there as "invalid byte sequence", which hosted Storage answers with a 500).
import type { FastifyRequest } from 'fastify'
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

/** A list prefix: empty, or key characters (a folder may end with "/"), within a key's length. */
export function isValidPrefix(prefix: string): boolean {
  return (
    prefix === '' ||
    (KEY_CHARACTERS.test(prefix) && Buffer.byteLength(prefix, 'utf8') <= MAX_KEY_BYTES)
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

/**
 * What a request field is: a bucket name, a key, keys, a list prefix, or text matched against
 * names (a search) and JSON stored as jsonb (user metadata), which only need to be storable.
 */
type NameRule = 'bucket' | 'key' | 'keys' | 'prefix' | 'text' | 'json'

/** Route parameters that are names: `/bucket/:bucketId`, `/object/…/:bucketName/*`. */
const PARAM_RULES: [string, NameRule][] = [
  ['bucketName', 'bucket'],
  ['bucketId', 'bucket'],
  ['*', 'key'],
]

/** JSON body fields that are names (move/copy, sign-many, delete-many, list, list-v2). */
const BODY_RULES: [string, NameRule][] = [
  ['bucketId', 'bucket'],
  // An empty destinationBucket means the source bucket (see transferOf).
  ['destinationBucket', 'bucket'],
  ['sourceKey', 'key'],
  ['destinationKey', 'key'],
  ['paths', 'keys'],
  ['prefixes', 'keys'],
  ['prefix', 'prefix'],
  ['search', 'text'],
  ['metadata', 'json'],
]

/** GET /bucket?search= */
const QUERY_RULES: [string, NameRule][] = [['search', 'text']]

/** POST/PUT /bucket name the bucket in the body. */
const BUCKET_BODY_RULES: [string, NameRule][] = [
  ['id', 'bucket'],
  ['name', 'bucket'],
]

/** PostgreSQL text and jsonb cannot hold a NUL character (walked without recursion). */
function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true
        pending.push(inner)
      }
    }
  }
  return false
}

function check(rule: NameRule, value: unknown, where: string): void {
  switch (rule) {
    case 'bucket':
      if (typeof value === 'string') mustBeValidBucketName(value)
      return
    case 'key':
      if (typeof value === 'string') mustBeValidKey(value)
      return
    case 'keys':
      if (Array.isArray(value)) for (const key of value) mustBeValidKey(key)
      return
    case 'prefix':
      if (typeof value === 'string' && !isValidPrefix(value)) throw ERRORS.invalidKey(value)
      return
    case 'text':
    case 'json':
      mustBeStorable(value, where)
  }
}

/** Text or JSON the database can store, or a validation error naming where it was. */
export function mustBeStorable(value: unknown, where: string): void {
  if (hasNul(value)) throw ERRORS.validation(`${where} must not contain a NUL character`)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

/**
 * Every name a Storage request carries, checked before the route runs: bucket names and keys in
 * the path, the names in a JSON body (an upload's body is a stream, left alone), and searches and
 * metadata, which must be storable. Throws Storage's InvalidBucketName or InvalidKey (400), or a
 * validation error. Types are the routes' schemas' business.
 */
export function checkRequestNames(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>
  for (const [name, rule] of PARAM_RULES) {
    if (name in params) check(rule, params[name], `params/${name}`)
  }
  // The query parser's object has a prototype of its own (without Object's).
  const query = (request.query ?? {}) as Record<string, unknown>
  for (const [name, rule] of QUERY_RULES) check(rule, query[name], `querystring/${name}`)
  const body = request.body
  if (!isPlainObject(body)) return
  for (const [name, rule] of BODY_RULES) {
    const value = body[name]
    if (name === 'destinationBucket' && value === '') continue
    check(rule, value, `body/${name}`)
  }
  if (request.routeOptions.url?.startsWith('/storage/v1/bucket')) {
    for (const [name, rule] of BUCKET_BODY_RULES) check(rule, body[name], `body/${name}`)
  }
}

/** `owner` is a uuid column: the JWT's sub only when it is a uuid. */
export function ownerUuid(sub: string | null): string | null {
  return sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
    ? sub
    : null
}
