// The checks GoTrue makes around factors (mfa.go): which factor types are switched on, the limits
// and name rule on enrolment (validateFactors), and what a challenge must be to verify against.
import type { FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import type { ErrorFactory } from '../errors.ts'
import { isUuid, requireUser } from '../http/request.ts'
import type { Authenticated } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import type { FactorRow } from '../users/user-json.ts'
import {
  deleteChallenge,
  deleteExpiredFactors,
  factorsOf,
  findChallenge,
  findOwnedFactor,
} from './factor-store.ts'
import type { ChallengeRow, FactorType } from './factor-store.ts'

interface Kind {
  name: string
  config: 'totp' | 'phone' | 'webAuthn'
  enrollDisabled: ErrorFactory
  verifyDisabled: ErrorFactory
}

const KIND: Record<FactorType, Kind> = {
  totp: {
    name: 'TOTP',
    config: 'totp',
    enrollDisabled: ERRORS.mfaTotpEnrollNotEnabled,
    verifyDisabled: ERRORS.mfaTotpVerifyNotEnabled,
  },
  phone: {
    name: 'Phone',
    config: 'phone',
    enrollDisabled: ERRORS.mfaPhoneEnrollNotEnabled,
    verifyDisabled: ERRORS.mfaPhoneVerifyNotEnabled,
  },
  webauthn: {
    name: 'WebAuthn',
    config: 'webAuthn',
    enrollDisabled: ERRORS.mfaWebauthnEnrollNotEnabled,
    verifyDisabled: ERRORS.mfaWebauthnVerifyNotEnabled,
  },
}

/** Phone factors need SMS, which the local stack does not send: always off, as GoTrue's default. */
function switchedOn(rt: AuthRuntime, type: FactorType, what: 'enroll' | 'verify'): boolean {
  if (type === 'phone') return false
  const switches = rt.settings.mfa[KIND[type].config]
  return what === 'enroll' ? switches.enrollEnabled : switches.verifyEnabled
}

export function assertEnrollEnabled(rt: AuthRuntime, type: FactorType): void {
  if (!switchedOn(rt, type, 'enroll')) {
    throw KIND[type].enrollDisabled(`MFA enroll is disabled for ${KIND[type].name}`)
  }
}

export function assertVerifyEnabled(rt: AuthRuntime, type: FactorType): void {
  if (!switchedOn(rt, type, 'verify')) {
    throw KIND[type].verifyDisabled(`MFA verification is disabled for ${KIND[type].name}`)
  }
}

/** GoTrue's /factors middleware: requireAuthentication, then requireNotAnonymous. */
export async function requireFactorUser(
  rt: AuthRuntime,
  request: FastifyRequest,
  /** GoTrue's 500 for a token without a session (a hand-made token). */
  noSession: string
): Promise<Authenticated & { sessionId: string }> {
  const auth = await requireUser(rt, request)
  if (auth.claims.is_anonymous === true) {
    throw ERRORS.noAuthorization('Anonymous user not allowed to perform these actions', 403)
  }
  if (auth.sessionId === null) {
    throw ERRORS.unexpectedFailure(noSession)
  }
  return { ...auth, sessionId: auth.sessionId }
}

/** GoTrue's loadFactor: the caller's own factor. */
export async function loadOwnedFactor(
  rt: AuthRuntime,
  userId: string,
  factorId: string
): Promise<FactorRow> {
  if (!isUuid(factorId)) throw ERRORS.validationFailed('factor_id must be an UUID', 404)
  const factor = await authTx(rt.ctx.db, (tx) => findOwnedFactor(tx, userId, factorId))
  if (!factor) throw ERRORS.mfaFactorNotFound('Factor not found')
  return factor
}

const TOO_MANY = 'Maximum number of verified factors reached, unenroll to continue'

/** GoTrue's validateFactors, run before a new factor is created. */
export async function validateNewFactor(
  rt: AuthRuntime,
  tx: Tx,
  userId: string,
  friendlyName: string,
  sessionAal: string | null
): Promise<void> {
  await deleteExpiredFactors(tx, rt.settings.mfa.factorExpiry)
  const factors = await factorsOf(tx, userId)
  let verified = 0
  for (const factor of factors) {
    if ((factor.friendly_name ?? '') === friendlyName) {
      throw ERRORS.mfaFactorNameConflict(
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`
      )
    }
    if (factor.status === 'verified') verified++
  }
  if (factors.length >= rt.settings.mfa.maxEnrolledFactors) {
    throw ERRORS.tooManyEnrolledMfaFactors(TOO_MANY)
  }
  if (verified >= rt.settings.mfa.maxVerifiedFactors) {
    throw ERRORS.tooManyEnrolledMfaFactors(TOO_MANY)
  }
  if (verified > 0 && sessionAal !== 'aal2') {
    throw ERRORS.insufficientAal('AAL2 required to enroll a new factor')
  }
}

/** GoTrue's validateChallenge; an expired challenge is deleted before the error is answered. */
export async function validChallenge(
  rt: AuthRuntime,
  factor: FactorRow,
  challengeId: string,
  ip: string
): Promise<ChallengeRow> {
  const challenge = await authTx(rt.ctx.db, (tx) => findChallenge(tx, factor.id, challengeId, ip))
  if (!challenge) {
    throw ERRORS.mfaFactorNotFound('MFA factor with the provided challenge ID not found', 422)
  }
  if (challenge.verified || !challenge.sameIp) {
    throw ERRORS.mfaIpAddressMismatch('Challenge and verify IP addresses mismatch.')
  }
  const expiresAt = challenge.createdAt.getTime() + rt.settings.mfa.challengeExpiry * 1000
  if (Date.now() > expiresAt) {
    await authTx(rt.ctx.db, (tx) => deleteChallenge(tx, challenge.id))
    throw ERRORS.mfaChallengeExpired(
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`
    )
  }
  return challenge
}
