// The front door shared by every service, doing what the Supabase CLI's Kong gateway does:
// it turns the `apikey` (header or query parameter) and the Authorization header into the one
// bearer token the services see. New-style sb_publishable_/sb_secret_ keys become the anon and
// service_role JWTs. Like the CLI, a request with no key at all goes through as anonymous; in
// strict mode it is refused as the hosted gateway refuses it.
import type { JwtKeys } from '../jwt/jwt-keys.ts'

export interface GatewayRequest {
  authorization: string | undefined
  /** `apikey` request header. */
  apikeyHeader: string | undefined
  /** `apikey` query-string parameter. */
  apikeyQuery: string | undefined
}

export type GatewayResult =
  /** `token` is the bearer token to verify, or null for an anonymous request without any key. */
  | { ok: true; token: string | null }
  | { ok: false; status: 401; body: { message: string; hint: string } }

export const NO_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
} as const

export const INVALID_API_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
} as const

export class Gateway {
  constructor(
    private readonly keys: JwtKeys,
    readonly strictKeys: boolean
  ) {}

  /** Maps the request's credentials to the bearer token the upstream service receives. */
  resolve(request: GatewayRequest): GatewayResult {
    const apikey = request.apikeyHeader ?? request.apikeyQuery
    if (this.strictKeys) {
      if (apikey === undefined || apikey === '') return { ok: false, status: 401, body: NO_API_KEY }
      if (!this.isProjectKey(apikey)) return { ok: false, status: 401, body: INVALID_API_KEY }
    }
    const authorization = request.authorization
    if (
      authorization !== undefined &&
      authorization !== '' &&
      !/^bearer sb_/i.test(authorization)
    ) {
      const match = /^bearer\s+(.+)$/i.exec(authorization.trim())
      return { ok: true, token: match ? (match[1] ?? '').trim() : authorization.trim() }
    }
    if (apikey === undefined || apikey === '') {
      // An Authorization of "Bearer sb_…" without a matching apikey still names a key.
      const bearerKey = authorization ? authorization.replace(/^bearer\s+/i, '').trim() : ''
      return bearerKey
        ? { ok: true, token: this.translateKey(bearerKey) }
        : { ok: true, token: null }
    }
    return { ok: true, token: this.translateKey(apikey) }
  }

  /** The JWT that stands for an API key; legacy JWT keys pass through unchanged. */
  translateKey(key: string): string {
    if (key === this.keys.secretKey) return this.keys.serviceRoleKey
    if (key === this.keys.publishableKey) return this.keys.anonKey
    return key
  }

  private isProjectKey(key: string): boolean {
    return (
      key === this.keys.anonKey ||
      key === this.keys.serviceRoleKey ||
      key === this.keys.publishableKey ||
      key === this.keys.secretKey
    )
  }
}
