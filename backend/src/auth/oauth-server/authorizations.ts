// auth.oauth_authorizations and auth.oauth_consents as GoTrue's models keep them: a pending
// request (a 32-character random id for the consent page), the user who opens it, approval with a
// single-use code (a UUID) and the consent remembered per user and client, or denial; PKCE checked
// at the token endpoint (S256 or plain).
import { createHash, randomInt, randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'

export interface AuthorizationRow {
  id: string
  authorization_id: string
  client_id: string
  user_id: string | null
  redirect_uri: string
  scope: string
  state: string | null
  code_challenge: string | null
  code_challenge_method: string | null
  status: 'pending' | 'approved' | 'denied' | 'expired'
  authorization_code: string | null
  expires_at: string
  /** The OIDC nonce of the request, carried into the ID token (platform 14-auth-oauth-oidc.sql). */
  nonce: string | null
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** Seconds an authorization request stays open. */
export const AUTHORIZATION_TTL = 600

export async function createAuthorization(
  tx: Tx,
  p: {
    clientId: string
    redirectUri: string
    scope: string
    state: string
    codeChallenge: string
    codeChallengeMethod: string
    nonce: string
  }
): Promise<string> {
  let authorizationId = ''
  for (let i = 0; i < 32; i++) authorizationId += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  await tx`
    insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope,
      state, code_challenge, code_challenge_method, expires_at, nonce)
    values (${randomUUID()}, ${authorizationId}, ${p.clientId}, ${p.redirectUri}, ${p.scope},
      ${p.state || null}, ${p.codeChallenge}, ${p.codeChallengeMethod.toLowerCase()},
      now() + make_interval(secs => ${AUTHORIZATION_TTL}), ${p.nonce || null})`
  return authorizationId
}

export async function findAuthorization(
  tx: Tx,
  authorizationId: string
): Promise<(AuthorizationRow & { expired: boolean }) | null> {
  const rows = await tx<{ a: AuthorizationRow; expired: boolean }[]>`
    select to_json(a) as a, a.expires_at < now() as expired
    from auth.oauth_authorizations a where a.authorization_id = ${authorizationId}`
  const row = rows[0]
  return row ? { ...row.a, expired: row.expired } : null
}

export async function findByCode(
  tx: Tx,
  code: string
): Promise<(AuthorizationRow & { expired: boolean }) | null> {
  const rows = await tx<{ a: AuthorizationRow; expired: boolean }[]>`
    select to_json(a) as a, a.expires_at < now() as expired
    from auth.oauth_authorizations a
    where a.authorization_code = ${code} and a.status = 'approved'`
  const row = rows[0]
  return row ? { ...row.a, expired: row.expired } : null
}

export async function markExpired(tx: Tx, id: string): Promise<void> {
  await tx`update auth.oauth_authorizations set status = 'expired'
    where id = ${id} and status = 'pending'`
}

export async function setAuthorizationUser(tx: Tx, id: string, userId: string): Promise<void> {
  await tx`update auth.oauth_authorizations set user_id = ${userId} where id = ${id}`
}

/** The scopes of the user's live consent to the client, or null. */
export async function consentScopes(
  tx: Tx,
  userId: string,
  clientId: string
): Promise<string[] | null> {
  const rows = await tx<{ scopes: string }[]>`
    select scopes from auth.oauth_consents
    where user_id = ${userId} and client_id = ${clientId} and revoked_at is null`
  return rows[0] ? parseScopes(rows[0].scopes) : null
}

export function parseScopes(scope: string): string[] {
  return scope.split(/[\s,]+/).filter((s) => s !== '')
}

/** Approves: a code, approved_at, and (unless auto-approved) the consent stored. */
export async function approve(
  tx: Tx,
  authorization: AuthorizationRow,
  rememberConsent: boolean
): Promise<string> {
  const code = randomUUID()
  await tx`
    update auth.oauth_authorizations
    set status = 'approved', approved_at = now(), authorization_code = ${code}
    where id = ${authorization.id}`
  if (rememberConsent && authorization.user_id) {
    await tx`
      insert into auth.oauth_consents (id, user_id, client_id, scopes)
      values (${randomUUID()}, ${authorization.user_id}, ${authorization.client_id},
        ${parseScopes(authorization.scope).join(' ')})
      on conflict on constraint oauth_consents_user_client_unique
      do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`
  }
  return code
}

export async function deny(tx: Tx, id: string): Promise<void> {
  await tx`update auth.oauth_authorizations set status = 'denied' where id = ${id}`
}

/** The reason a code verifier does not match the stored challenge, or null. */
export function pkceProblem(authorization: AuthorizationRow, verifier: string): string | null {
  const challenge = authorization.code_challenge ?? ''
  if (challenge === '') return null
  if (verifier === '') return 'code_verifier is required when PKCE challenge is present'
  const computed =
    authorization.code_challenge_method === 'plain'
      ? verifier
      : createHash('sha256').update(verifier).digest('base64url')
  return computed === challenge
    ? null
    : 'code challenge does not match previously saved code verifier'
}

/** Go's url.Values.Encode over the redirect URI's query plus `params` (keys sorted). */
export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  url.searchParams.sort()
  return url.toString()
}
