// auth.mfa_factors, auth.mfa_challenges and the MFA side of auth.sessions, read and written as
// GoTrue's models (factor.go, challenge.go, sessions.go) do.
import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import type { FactorRow } from '../users/user-json.ts'

export type FactorType = FactorRow['factor_type']

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than `seconds`. */
export async function deleteExpiredFactors(tx: Tx, seconds: number): Promise<void> {
  await tx`
    delete from auth.mfa_factors f
    where f.status <> 'verified'
      and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
      and f.created_at + make_interval(secs => ${seconds}) < now()`
}

export async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  const rows = await tx<{ f: FactorRow }[]>`
    select to_json(f) as f from auth.mfa_factors f where f.user_id = ${userId}
    order by f.created_at, f.id`
  return rows.map((row) => row.f)
}

export async function findOwnedFactor(
  tx: Tx,
  userId: string,
  factorId: string
): Promise<FactorRow | null> {
  const rows = await tx<{ f: FactorRow }[]>`
    select to_json(f) as f from auth.mfa_factors f
    where f.id = ${factorId} and f.user_id = ${userId}`
  return rows[0]?.f ?? null
}

export async function insertFactor(
  tx: Tx,
  factor: { userId: string; friendlyName: string; type: FactorType; secret: string | null },
  now: Date
): Promise<FactorRow> {
  const at = now.toISOString()
  const [row] = await tx<{ f: FactorRow }[]>`
    insert into auth.mfa_factors as f
      (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${randomUUID()}, ${factor.userId}, ${factor.friendlyName}, ${factor.type},
      'unverified', ${at}, ${at}, ${factor.secret})
    returning to_json(f) as f`
  return row!.f
}

/** GoTrue's WriteChallengeToDatabase: the challenge, and the factor's last_challenged_at. */
export async function insertChallenge(
  tx: Tx,
  factorId: string,
  ip: string,
  now: Date,
  /** A WebAuthn ceremony's expected challenge. */
  webAuthnSession: object | null = null
): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID()
  const at = now.toISOString()
  const session = webAuthnSession === null ? null : tx.json(webAuthnSession as never)
  await tx`
    with challenge as (
      insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
      values (${id}, ${factorId}, ${at}, ${ip}::inet, ${session})
    )
    update auth.mfa_factors set last_challenged_at = ${at} where id = ${factorId}`
  return { id, createdAt: now }
}

export interface ChallengeRow {
  id: string
  createdAt: Date
  verified: boolean
  sameIp: boolean
}

export async function findChallenge(
  tx: Tx,
  factorId: string,
  challengeId: string,
  ip: string
): Promise<ChallengeRow | null> {
  const rows = await tx<
    { id: string; created_at: Date; verified: boolean; same_ip: boolean | null }[]
  >`
    select id, created_at, verified_at is not null as verified,
      ip_address = ${ip}::inet as same_ip
    from auth.mfa_challenges where id = ${challengeId} and factor_id = ${factorId}`
  const row = rows[0]
  if (!row) return null
  return { id: row.id, createdAt: row.created_at, verified: row.verified, sameIp: !!row.same_ip }
}

/** Deletes the challenge; false when it was already gone (used by a verify racing this one). */
export async function deleteChallenge(tx: Tx, challengeId: string): Promise<boolean> {
  const gone = await tx`delete from auth.mfa_challenges where id = ${challengeId} returning id`
  return gone.length > 0
}

/** The challenge is used up and the factor verified (GoTrue's challenge.Verify, UpdateStatus). */
export async function markVerified(
  tx: Tx,
  challengeId: string,
  factor: FactorRow,
  now: Date,
  /** A WebAuthn ceremony has already deleted its challenge (in the transaction before). */
  deleted = false
): Promise<void> {
  const at = now.toISOString()
  // Once only: of two verifies racing on one challenge, the second finds it used (GoTrue's answer
  // for a verified challenge), and its transaction, session upgrade included, rolls back.
  const used = await tx`
    update auth.mfa_challenges set verified_at = ${at}
    where id = ${challengeId} and verified_at is null
    returning id`
  if (used.length === 0 && !deleted) {
    throw ERRORS.mfaIpAddressMismatch('Challenge and verify IP addresses mismatch.')
  }
  if (factor.status !== 'verified') {
    await tx`
      update auth.mfa_factors set status = 'verified', updated_at = ${at} where id = ${factor.id}`
  }
}

/** GoTrue's AddClaimToSession: one row per method, its time renewed on each use. */
export async function addClaimToSession(
  tx: Tx,
  sessionId: string,
  method: string,
  now: Date
): Promise<void> {
  const at = now.toISOString()
  await tx`
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
    values (${randomUUID()}, ${sessionId}, ${at}, ${at}, ${method})
    on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
    do update set updated_at = ${at}`
}

export async function sessionAal(tx: Tx, sessionId: string): Promise<string | null> {
  const rows = await tx<{ aal: string | null }[]>`
    select aal::text as aal from auth.sessions where id = ${sessionId}`
  return rows[0]?.aal ?? null
}

export async function setSessionAal(
  tx: Tx,
  sessionId: string,
  aal: string,
  factorId: string
): Promise<void> {
  await tx`
    update auth.sessions set aal = ${aal}::auth.aal_level, factor_id = ${factorId}
    where id = ${sessionId}`
}

/**
 * After a verification: the user's other sessions below aal2 end (InvalidateSessionsWithAALLessThan)
 * and unverified factors of the verified type go (DeleteUnverifiedFactors).
 */
export async function afterVerification(tx: Tx, userId: string, type: FactorType): Promise<void> {
  await tx`delete from auth.sessions where user_id = ${userId} and aal < 'aal2'::auth.aal_level`
  await tx`
    delete from auth.mfa_factors
    where user_id = ${userId} and status = 'unverified' and factor_type = ${type}`
}

/**
 * Deletes a factor, then GoTrue's DowngradeSessionsToAAL1: the sessions it raised lose the claim
 * named after its type and go back to aal1.
 */
export async function deleteFactor(tx: Tx, factor: FactorRow): Promise<void> {
  await tx`delete from auth.mfa_factors where id = ${factor.id}`
  await tx`
    delete from auth.mfa_amr_claims
    where authentication_method = ${factor.factor_type}
      and session_id in (select id from auth.sessions where factor_id = ${factor.id})`
  await tx`
    update auth.sessions set aal = 'aal1', factor_id = null
    where user_id = ${factor.user_id} and factor_id = ${factor.id}`
}
