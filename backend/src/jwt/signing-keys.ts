// The asymmetric signing keys of [auth] signing_keys_path, as `supabase gen signing-key` writes
// them: a JSON array of private JWKs (RS256 or ES256, "key_ops": ["sign", "verify"], "ext": true),
// or a single JWK. The key whose key_ops include "sign" signs (the first of them when several
// do, as after `gen signing-key --append`; the first private key when no key states key_ops);
// every key verifies. Public halves are published as GoTrue publishes them: the JWK without its
// private members, "use": "sig" and "key_ops": ["verify"], members in alphabetical order.
import { createPrivateKey, createPublicKey } from 'node:crypto'
import type { JsonWebKey, KeyObject } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { JWK } from 'jose'

export interface AsymmetricKey {
  /** The key's kid, '' when the file gives none (tokens then carry no kid). */
  kid: string
  alg: 'RS256' | 'ES256'
  /** Null for a public-only key, which verifies but cannot sign. */
  privateKey: KeyObject | null
  publicKey: KeyObject
  publicJwk: JWK
}

export interface SigningKeys {
  keys: AsymmetricKey[]
  /** The key that signs: one of `keys`. */
  signer: AsymmetricKey
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'])
const RSA_MEMBERS = ['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const
const EC_COORDINATES = ['x', 'y', 'd'] as const
/** P-256 coordinates are 32 bytes; Go's big.Int.Bytes() (the CLI's encoder) drops leading zeros. */
const P256_BYTES = 32

/** A wrong keys file: one message naming the file and why. */
function keysError(file: string, why: string, cause?: unknown): Error {
  return new Error(`signing keys file ${file}: ${why}`, cause === undefined ? undefined : { cause })
}

/** Reads and checks the keys file; throws one clear Error when it cannot be used. */
export async function loadSigningKeys(file: string): Promise<SigningKeys> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'error'})`
    throw keysError(file, `${why}; write one with \`supabase gen signing-key\``, error)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw keysError(file, `is not valid JSON (${(error as Error).message})`, error)
  }
  return parseSigningKeys(parsed, file)
}

/** Checks keys already parsed from JSON (`file` names where they come from in errors). */
export function parseSigningKeys(parsed: unknown, file: string): SigningKeys {
  const list: unknown[] = Array.isArray(parsed) ? parsed : [parsed]
  if (list.length === 0) throw keysError(file, 'holds an empty list of keys')
  const keys: AsymmetricKey[] = []
  const declared: boolean[] = []
  const signs: boolean[] = []
  for (const [index, entry] of list.entries()) {
    const where = `key ${index + 1}`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw keysError(file, `${where} is not a JWK object`)
    }
    const jwk = entry as Record<string, unknown>
    // HS256 is the jwt_secret's; a symmetric JWK is never published and is not used here.
    if (jwk.kty === 'oct') continue
    const kid = jwk.kid === undefined ? '' : jwk.kid
    if (typeof kid !== 'string') throw keysError(file, `${where}: kid must be a string`)
    const named = kid === '' ? where : `${where} (kid "${kid}")`
    const ops = keyOps(file, named, jwk.key_ops)
    const key = importKey(file, named, kid, jwk)
    if (ops?.includes('sign') && key.privateKey === null) {
      throw keysError(file, `${named} has "sign" in key_ops but no private part`)
    }
    if (keys.some((k) => k.kid === key.kid)) {
      throw keysError(file, `${where}: two keys have kid "${key.kid}"`)
    }
    keys.push(key)
    declared.push(ops !== null)
    signs.push(ops?.includes('sign') ?? false)
  }
  if (keys.length === 0) throw keysError(file, 'holds no RS256 or ES256 key')
  const signer =
    keys[signs.indexOf(true)] ?? keys.find((k, i) => !declared[i] && k.privateKey !== null) ?? null
  if (!signer) {
    throw keysError(file, 'holds no key to sign with (a private key with "sign" in key_ops)')
  }
  return { keys, signer }
}

function keyOps(file: string, where: string, value: unknown): string[] | null {
  if (value === undefined) return null
  if (!Array.isArray(value) || !value.every((op) => typeof op === 'string')) {
    throw keysError(file, `${where}: key_ops must be a list of strings such as ["sign", "verify"]`)
  }
  return value as string[]
}

function importKey(
  file: string,
  named: string,
  kid: string,
  jwk: Record<string, unknown>
): AsymmetricKey {
  const alg = algorithmOf(file, named, jwk)
  const material = alg === 'RS256' ? rsaMaterial(jwk) : ecMaterial(jwk)
  let privateKey: KeyObject | null = null
  let publicKey: KeyObject
  try {
    if (material.d !== undefined) {
      privateKey = createPrivateKey({ key: material, format: 'jwk' })
      publicKey = createPublicKey(privateKey)
    } else {
      publicKey = createPublicKey({ key: material, format: 'jwk' })
    }
  } catch (error) {
    throw keysError(file, `${named} is not a valid ${alg} key (${(error as Error).message})`, error)
  }
  if (alg === 'RS256' && (publicKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw keysError(file, `${named}: RS256 needs an RSA key of at least 2048 bits`)
  }
  return { kid, alg, privateKey, publicKey, publicJwk: publicJwkOf(jwk, material, alg) }
}

function algorithmOf(file: string, named: string, jwk: Record<string, unknown>): 'RS256' | 'ES256' {
  const { kty, alg, crv } = jwk
  if (kty === 'RSA' && (alg === undefined || alg === 'RS256')) return 'RS256'
  if (kty === 'EC' && (alg === undefined || alg === 'ES256')) {
    if (crv !== 'P-256') {
      throw keysError(file, `${named}: ES256 needs the P-256 curve, got crv ${JSON.stringify(crv)}`)
    }
    return 'ES256'
  }
  if (kty !== 'RSA' && kty !== 'EC') {
    throw keysError(
      file,
      `${named}: unsupported kty ${JSON.stringify(kty)} (RS256 needs "RSA", ES256 needs "EC")`
    )
  }
  throw keysError(
    file,
    `${named}: alg ${JSON.stringify(alg)} does not fit kty "${String(kty)}" (supported: RS256 with RSA, ES256 with EC)`
  )
}

function rsaMaterial(jwk: Record<string, unknown>): JsonWebKey {
  const out: JsonWebKey = { kty: 'RSA' }
  for (const member of RSA_MEMBERS) {
    if (typeof jwk[member] === 'string') out[member] = jwk[member]
  }
  return out
}

function ecMaterial(jwk: Record<string, unknown>): JsonWebKey {
  const out: JsonWebKey = { kty: 'EC', crv: 'P-256' }
  for (const member of EC_COORDINATES) {
    const value = jwk[member]
    if (typeof value === 'string') out[member] = padded(value)
  }
  return out
}

/** A big-endian number in base64url, left-padded with zero bytes to a P-256 coordinate's size. */
function padded(value: string): string {
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length >= P256_BYTES) return value
  return Buffer.concat([Buffer.alloc(P256_BYTES - bytes.length), bytes]).toString('base64url')
}

/** The public half as GoTrue's JWKS shows it (jwx's PublicKeyOf, then use and key_ops set). */
function publicJwkOf(jwk: Record<string, unknown>, material: JsonWebKey, alg: string): JWK {
  const members: Record<string, unknown> = { ...jwk, alg, use: 'sig', key_ops: ['verify'] }
  for (const name of Object.keys(members)) if (PRIVATE_MEMBERS.has(name)) delete members[name]
  if (material.kty === 'EC') Object.assign(members, { x: material.x, y: material.y })
  const sorted: Record<string, unknown> = {}
  for (const name of Object.keys(members).sort()) sorted[name] = members[name]
  return sorted as JWK
}
