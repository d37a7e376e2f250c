// The project's JWT keys: the HS256 secret (the Supabase CLI's well-known default unless
// configured), optional asymmetric signing keys from [auth] signing_keys_path, and the API keys
// derived from them. One verifier serves every service; each service renders failures in its
// own wire format from the JwtError kind. The time claims are checked here for every service
// alike: `nbf` and `iat` with CLOCK_SKEW_SECONDS of leeway, then `exp`.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { compactVerify, SignJWT } from 'jose'
import type { JWK } from 'jose'
import { loadSigningKeys } from './signing-keys.ts'
import type { AsymmetricKey, SigningKeys } from './signing-keys.ts'

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown; exp?: unknown }

/**
 * 'not_yet_valid': `nbf` is later than now plus the skew; 'issued_in_future': so is `iat`;
 * 'claims': a time claim that is not a number (see `claim`).
 */
export type JwtErrorKind =
  'malformed' | 'signature' | 'expired' | 'not_yet_valid' | 'issued_in_future' | 'claims'

export interface JwtError {
  kind: JwtErrorKind
  /** A short English explanation, e.g. "Expected 3 parts in JWT; got 1" or "token is expired". */
  message: string
  /** For 'expired': how many seconds ago the token expired. */
  expiredBySeconds?: number
  /** For 'malformed': how many dot-separated parts the token had. */
  parts?: number
  /** For 'claims': the time claim that is not a number. */
  claim?: 'exp' | 'nbf' | 'iat'
}

/**
 * How far ahead of this clock a token's `nbf` and `iat` may be (PostgREST's allowedSkewSeconds),
 * the same for every service: a token minted on a machine whose clock runs a little fast works.
 */
export const CLOCK_SKEW_SECONDS = 30

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; error: JwtError }

/** The Supabase CLI's fixed expiry for the demo anon and service_role keys. */
const DEMO_KEY_EXPIRY = 1983812996
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

const CACHE_LIMIT = 10_000

/** A project's own keys, instead of the CLI's demo ones (`serve`'s generated secrets). */
export interface ProjectKeys {
  jwtSecret: string
  signing: SigningKeys
  publishableKey: string
  secretKey: string
  /** The `iss` of the anon and service_role keys minted from the signing key. */
  issuer: string
  /** Their `iat` (seconds); they expire ten years later. */
  issuedAt: number
}

const TEN_YEARS = 10 * 365 * 24 * 60 * 60

export class JwtKeys {
  readonly anonKey: string
  readonly serviceRoleKey: string
  readonly publishableKey: string
  readonly secretKey: string
  private readonly secret: Buffer
  private readonly verified = new Map<string, JwtClaims>()

  private constructor(
    readonly jwtSecret: string,
    private readonly signingKeys: AsymmetricKey[],
    private readonly signer: AsymmetricKey | null,
    apiKeys: { anon: string; serviceRole: string; publishable?: string; secret?: string }
  ) {
    this.secret = Buffer.from(jwtSecret, 'utf8')
    this.anonKey = apiKeys.anon
    this.serviceRoleKey = apiKeys.serviceRole
    this.publishableKey = apiKeys.publishable ?? DEFAULT_PUBLISHABLE_KEY
    this.secretKey = apiKeys.secret ?? DEFAULT_SECRET_KEY
  }

  /** The keys of a project with keys of its own: the anon and service_role JWTs are signed here. */
  static async of(keys: ProjectKeys): Promise<JwtKeys> {
    const mint = (role: string) =>
      signAsymmetric(keys.signing.signer, {
        iss: keys.issuer,
        role,
        iat: keys.issuedAt,
        exp: keys.issuedAt + TEN_YEARS,
      })
    return new JwtKeys(keys.jwtSecret, keys.signing.keys, keys.signing.signer, {
      anon: await mint('anon'),
      serviceRole: await mint('service_role'),
      publishable: keys.publishableKey,
      secret: keys.secretKey,
    })
  }

  /**
   * Builds the keys for a project; `signingKeysPath` is a JSON array of private JWKs as
   * `supabase gen signing-key` writes it. Throws one clear Error for a file that cannot be used.
   */
  static async create(jwtSecret: string, signingKeysPath: string | null = null): Promise<JwtKeys> {
    const loaded = signingKeysPath ? await loadSigningKeys(signingKeysPath) : null
    const signer = loaded?.signer ?? null
    const mint = async (role: string) => {
      const payload = { iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY }
      return signer ? signAsymmetric(signer, payload) : signHs256(jwtSecret, payload)
    }
    return new JwtKeys(jwtSecret, loaded?.keys ?? [], signer, {
      anon: await mint('anon'),
      serviceRole: await mint('service_role'),
    })
  }

  /** The public keys, as served at /auth/v1/.well-known/jwks.json. */
  jwks(): { keys: JWK[] } {
    return { keys: this.signingKeys.map((k) => k.publicJwk) }
  }

  /** Signs claims with the signing key when keys are configured, else HS256 with the secret. */
  async sign(claims: Record<string, unknown>): Promise<string> {
    const signer = this.signer
    return signer ? signAsymmetric(signer, claims) : signHs256(this.jwtSecret, claims)
  }

  /** Verifies a compact JWT: structure, algorithm, signature, then `nbf`, `iat` and `exp`. */
  async verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<VerifyResult> {
    let claims = this.verified.get(token)
    if (!claims) {
      const checked = await this.verifySignature(token)
      if (!checked.ok) return checked
      claims = checked.claims
      if (this.verified.size >= CACHE_LIMIT) this.verified.clear()
      this.verified.set(token, claims)
    }
    return checkTimes(claims, nowSeconds)
  }

  /**
   * verify() without waiting, for a token whose signature was already verified: its result, or
   * null when the token is not known yet (then call verify()).
   */
  verifyKnown(token: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult | null {
    const claims = this.verified.get(token)
    return claims ? checkTimes(claims, nowSeconds) : null
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
  if (!key.privateKey) throw new Error(`signing key ${key.kid} has no private part`)
  const header =
    key.kid === '' ? { alg: key.alg, typ: 'JWT' } : { alg: key.alg, kid: key.kid, typ: 'JWT' }
  return new SignJWT(payload).setProtectedHeader(header).sign(key.privateKey)
}

/**
 * The time checks of a token whose signature is good: `nbf` and `iat` may be at most
 * CLOCK_SKEW_SECONDS ahead of now; `exp` must be later than now.
 */
function checkTimes(claims: JwtClaims, nowSeconds: number): VerifyResult {
  const { nbf, iat } = claims as { nbf?: unknown; iat?: unknown }
  if (nbf !== undefined) {
    if (typeof nbf !== 'number') return notANumber('nbf')
    if (nbf > nowSeconds + CLOCK_SKEW_SECONDS) {
      return { ok: false, error: { kind: 'not_yet_valid', message: 'token is not valid yet' } }
    }
  }
  if (iat !== undefined) {
    if (typeof iat !== 'number') return notANumber('iat')
    if (iat > nowSeconds + CLOCK_SKEW_SECONDS) {
      return { ok: false, error: { kind: 'issued_in_future', message: 'token used before issued' } }
    }
  }
  const exp = claims.exp
  if (exp !== undefined) {
    if (typeof exp !== 'number') return notANumber('exp')
    if (exp <= nowSeconds) {
      return {
        ok: false,
        error: { kind: 'expired', message: 'token is expired', expiredBySeconds: nowSeconds - exp },
      }
    }
  }
  return { ok: true, claims }
}

function notANumber(claim: 'exp' | 'nbf' | 'iat'): VerifyResult {
  return { ok: false, error: { kind: 'claims', message: `${claim} claim must be a number`, claim } }
}
