// The OpenID Connect ID token GoTrue's OAuth server issues with the `openid` scope
// (tokens.Service.GenerateIDToken): signed with the project's asymmetric signing key (the same key
// as access tokens, so the JWKS at /.well-known/jwks.json verifies it; a project on the HS256
// secret alone cannot issue one), claims in GoTrue's order: iss, sub, aud (the client id, one
// string), exp (an hour), iat, nonce (when the authorization request had one), auth_time,
// email_verified and phone_number_verified (always, as the OIDC spec wants), the email, phone and
// profile claims of the granted scopes, and client_id.
import type { AuthRuntime } from '../runtime.ts'
import { authUrl } from '../runtime.ts'
import type { User } from '../users/user-json.ts'

const ID_TOKEN_TTL = 3600

const text = (meta: Record<string, unknown>, key: string) => {
  const value = meta[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The claims, in GoTrue's order (its IDTokenClaims struct, omitempty fields left out). */
export function idTokenClaims(
  rt: AuthRuntime,
  p: { user: User; clientId: string; nonce: string | null; scopes: string[]; now: Date }
): Record<string, unknown> {
  const { user, scopes } = p
  const iat = Math.floor(p.now.getTime() / 1000)
  const claims: Record<string, unknown> = {
    iss: authUrl(rt),
    sub: user.id,
    aud: p.clientId,
    exp: iat + ID_TOKEN_TTL,
    iat,
  }
  if (p.nonce) claims.nonce = p.nonce
  // GoTrue takes the user's last sign-in, which issuing the tokens has just set to now.
  claims.auth_time = iat
  const email = scopes.includes('email') ? user.email || undefined : undefined
  if (email) claims.email = email
  claims.email_verified = scopes.includes('email') && user.email_confirmed_at !== null
  const phone = scopes.includes('phone') ? user.phone || undefined : undefined
  if (phone) claims.phone_number = phone
  claims.phone_number_verified = scopes.includes('phone') && user.phone_confirmed_at !== null
  if (scopes.includes('profile')) {
    const meta = user.raw_user_meta_data ?? {}
    const name = text(meta, 'name') ?? (user.email || undefined)
    if (name) claims.name = name
    const picture = text(meta, 'picture') ?? text(meta, 'avatar_url')
    if (picture) claims.picture = picture
    if (user.updated_at) {
      const updated = Math.floor(new Date(user.updated_at).getTime() / 1000)
      if (updated > 0) claims.updated_at = updated
    }
    const username = text(meta, 'preferred_username') ?? text(meta, 'username')
    if (username) claims.preferred_username = username
  }
  claims.client_id = p.clientId
  return claims
}

/** The signed ID token, or null when the project signs with the HS256 secret only. */
export async function signIdToken(
  rt: AuthRuntime,
  claims: Record<string, unknown>
): Promise<string | null> {
  if (rt.ctx.keys.jwks().keys.length === 0) return null
  return rt.ctx.keys.sign(claims)
}

/** What discovery may say ID tokens are signed with: the project's asymmetric keys' algorithms. */
export function idTokenAlgorithms(rt: AuthRuntime): string[] {
  const algs = rt.ctx.keys.jwks().keys.map((key) => key.alg)
  return [...new Set(algs.filter((alg): alg is string => typeof alg === 'string'))]
}
