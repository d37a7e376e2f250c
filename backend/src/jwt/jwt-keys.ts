// The project's JWT keys: the HS256 secret (the Supabase CLI's well-known default unless
// configured), optional asymmetric signing keys from [auth] signing_keys_path, and the API keys
// derived from them. One verifier serves every service; each service renders failures in its
// own wire format from the JwtError kind.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { compactVerify, exportJWK, importJWK, SignJWT } from 'jose'
import type { CryptoKey, JWK } from 'jose'

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown; exp?: unknown }

export type JwtErrorKind = 'malformed' | 'signature' | 'expired' | 'claims'

export interface JwtError {
  kind: JwtErrorKind
  /** A short English explanation, e.g. "Expected 3 parts in JWT; got 1" or "token is expired". */
  message: string
  /** For 'expired': how many seconds ago the token expired. */
  expiredBySeconds?: number
  /** For 'malformed': how many dot-separated parts the token had. */
  parts?: number
}

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; error: JwtError }

/** The Supabase CLI's fixed expiry for the demo anon and service_role keys. */
const DEMO_KEY_EXPIRY = 1983812996
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

interface AsymmetricKey {
  kid: string
  alg: string
  privateKey: CryptoKey | Uint8Array
  publicKey: CryptoKey | Uint8Array
  publicJwk: JWK
}

const CACHE_LIMIT = 10_000

export class JwtKeys {
  readonly anonKey: string
  readonly serviceRoleKey: string
  readonly publishableKey = DEFAULT_PUBLISHABLE_KEY
  readonly secretKey = DEFAULT_SECRET_KEY
  private readonly secret: Buffer
  private readonly verified = new Map<string, JwtClaims>()

  private constructor(
    readonly jwtSecret: string,
    private readonly signingKeys: AsymmetricKey[],
    apiKeys: { anon: string; serviceRole: string }
  ) {
    this.secret = Buffer.from(jwtSecret, 'utf8')
    this.anonKey = apiKeys.anon
    this.serviceRoleKey = apiKeys.serviceRole
  }

  /** Builds the keys for a project; `signingKeysPath` is a JSON array of private JWKs. */
  static async create(jwtSecret: string, signingKeysPath: string | null = null): Promise<JwtKeys> {
    const signingKeys = signingKeysPath ? await loadSigningKeys(signingKeysPath) : []
    const first = signingKeys[0]
    const mint = async (role: string) => {
      const payload = { iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY }
      return first ? signAsymmetric(first, payload) : signHs256(jwtSecret, payload)
    }
    return new JwtKeys(jwtSecret, signingKeys, {
      anon: await mint('anon'),
      serviceRole: await mint('service_role'),
    })
  }

  /** The public keys, as served at /auth/v1/.well-known/jwks.json. */
  jwks(): { keys: JWK[] } {
    return { keys: this.signingKeys.map((k) => k.publicJwk) }
  }

  /** Signs claims with the first asymmetric key when configured, else HS256 with the secret. */
  async sign(claims: Record<string, unknown>): Promise<string> {
    const first = this.signingKeys[0]
    return first ? signAsymmetric(first, claims) : signHs256(this.jwtSecret, claims)
  }

  /** Verifies a compact JWT: structure, algorithm, signature, then `exp`. */
  async verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<VerifyResult> {
    let claims = this.verified.get(token)
    if (!claims) {
      const checked = await this.verifySignature(token)
      if (!checked.ok) return checked
      claims = checked.claims
      if (this.verified.size >= CACHE_LIMIT) this.verified.clear()
      this.verified.set(token, claims)
    }
    return checkExpiry(claims, nowSeconds)
  }

  /**
   * verify() without waiting, for a token whose signature was already verified: its result, or
   * null when the token is not known yet (then call verify()).
   */
  verifyKnown(token: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult | null {
    const claims = this.verified.get(token)
    return claims ? checkExpiry(claims, nowSeconds) : null
  }

  private async verifySignature(token: string): Promise<VerifyResult> {
    const parts = token.split('.')
    if (parts.length !== 3) {
      return {
        ok: false,
        error: {
          kind: 'malformed',
          message: `Expected 3 parts in JWT; got ${parts.length}`,
          parts: parts.length,
        },
      }
    }
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts
    const header = decodeJson(headerPart)
    const payload = decodeJson(payloadPart)
    if (!header || !payload || typeof header.alg !== 'string') {
      return { ok: false, error: { kind: 'malformed', message: 'token is malformed', parts: 3 } }
    }
    if (header.alg === 'HS256') {
      const expected = createHmac('sha256', this.secret)
        .update(`${headerPart}.${payloadPart}`)
        .digest()
      const given = Buffer.from(signaturePart, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, error: { kind: 'signature', message: 'signature is invalid' } }
      }
      return { ok: true, claims: payload as JwtClaims }
    }
    const candidates = this.signingKeys.filter(
      (k) => k.alg === header.alg && (header.kid === undefined || k.kid === header.kid)
    )
    for (const key of candidates) {
      try {
        await compactVerify(token, key.publicKey, { algorithms: [key.alg] })
        return { ok: true, claims: payload as JwtClaims }
      } catch {
        // try the next key with the same algorithm
      }
    }
    const message =
      candidates.length === 0 ? `signing method ${header.alg} is invalid` : 'signature is invalid'
    return { ok: false, error: { kind: 'signature', message } }
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** HS256 with a fixed header and the payload's own key order, so the CLI's demo keys come out byte for byte. */
export function signHs256(secret: string, payload: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')
  return `${header}.${body}.${signature}`
}

async function signAsymmetric(
  key: AsymmetricKey,
  payload: Record<string, unknown>
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey)
}

async function loadSigningKeys(file: string): Promise<AsymmetricKey[]> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read signing keys from ${file}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const list = Array.isArray(parsed) ? parsed : [parsed]
  const keys: AsymmetricKey[] = []
  for (const jwk of list as JWK[]) {
    if (jwk.kty === 'oct') continue
    const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : 'RS256')
    const kid = jwk.kid ?? ''
    const privateKey = await importJWK({ ...jwk, alg }, alg)
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...publicPart } = jwk
    const publicKey = await importJWK({ ...publicPart, alg }, alg)
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig', key_ops: ['verify'] }
    keys.push({ kid, alg, privateKey, publicKey, publicJwk })
  }
  if (keys.length === 0) throw new Error(`${file} holds no asymmetric signing key`)
  return keys
}

/** The `exp` check of a token whose signature is good. */
function checkExpiry(claims: JwtClaims, nowSeconds: number): VerifyResult {
  const exp = claims.exp
  if (exp !== undefined) {
    if (typeof exp !== 'number') {
      return { ok: false, error: { kind: 'claims', message: 'exp claim must be a number' } }
    }
    if (exp <= nowSeconds) {
      return {
        ok: false,
        error: { kind: 'expired', message: 'token is expired', expiredBySeconds: nowSeconds - exp },
      }
    }
  }
  return { ok: true, claims }
}
