// MFA for the signed-in user (GoTrue's mfa.go): POST /factors enrols, /factors/{id}/challenge and
// /verify prove a factor and raise the session to aal2 (each rate limited per IP, as GoTrue's
// FactorChallenge and FactorVerify limiters, after the factor is loaded; a challenge is used up by
// its one successful verify, atomically), DELETE /factors/{id} unenrols (a verified factor: at
// aal2, and with update_password_require_current_password a factor verified within the window). TOTP and
// WebAuthn (mfa/webauthn.ts) are implemented; phone answers GoTrue's "disabled" errors (no SMS
// locally). State lives in auth.mfa_factors, auth.mfa_challenges and auth.mfa_amr_claims.
import type { FastifyInstance } from 'fastify'
import { clientAddress } from '../../http/client-address.ts'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import {
  assertEnrollEnabled,
  assertVerifyEnabled,
  loadOwnedFactor,
  requireFactorUser,
  validateNewFactor,
  validChallenge,
} from '../mfa/factor-rules.ts'
import {
  afterVerification,
  deleteChallenge,
  deleteFactor,
  insertChallenge,
  insertFactor,
  markVerified,
  sessionAal,
} from '../mfa/factor-store.ts'
import type { FactorType } from '../mfa/factor-store.ts'
import { upgradeSession } from '../mfa/session-upgrade.ts'
import { amrOf } from '../sessions/session-store.ts'
import { freshSecondFactor, PROOF_WINDOW_SECONDS } from '../users/recent-proof.ts'
import { generateTotpKey, validateTotp } from '../mfa/totp.ts'
import {
  challengeSession,
  checkWebAuthnParams,
  verifyCeremony,
  webAuthnOptions,
} from '../mfa/webauthn.ts'
import { readParams } from '../http/params.ts'
import { clientInfo, isUuid, rateLimit, rawBody } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'

const ENROLL_PARAMS = {
  struct: 'EnrollFactorParams',
  fields: { friendly_name: 'string', factor_type: 'string', issuer: 'string', phone: 'string' },
} as const

const VERIFY_PARAMS = {
  struct: 'VerifyFactorParams',
  fields: { challenge_id: 'string', code: 'string', webauthn: 'any' },
} as const

const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/** challenge_id is a uuid.UUID in GoTrue: decoding fails on anything else, as gofrs/uuid says. */
function challengeIdOf(raw: string): string {
  if (raw === '') return NIL_UUID
  if (isUuid(raw)) return raw.toLowerCase()
  const detail =
    raw.length === 36
      ? `uuid: incorrect UUID format in string ${JSON.stringify(raw)}`
      : `uuid: incorrect UUID length ${raw.length} in string ${JSON.stringify(raw)}`
  throw ERRORS.badJson(`Could not parse request body as JSON: ${detail}`)
}

function issuerOf(rt: AuthRuntime, given: string): string {
  if (given !== '') return given
  try {
    return new URL(rt.settings.siteUrl).host
  } catch {
    throw ERRORS.unexpectedFailure('site url is improperly formatted')
  }
}

export function registerFactors(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/factors', async (request, reply) => {
    const auth = await requireFactorUser(
      rt,
      request,
      'A valid session and a registered user are required to enroll a factor'
    )
    const params = readParams(rawBody(request), ENROLL_PARAMS)
    const type = params.factor_type
    if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
      throw ERRORS.validationFailed('factor_type needs to be totp, phone, or webauthn')
    }
    assertEnrollEnabled(rt, type)
    const name = params.friendly_name
    if (type === 'webauthn') {
      const factor = await authTx(rt.ctx.db, async (tx) => {
        await validateNewFactor(rt, tx, auth.user.id, name, await sessionAal(tx, auth.sessionId))
        return insertFactor(
          tx,
          { userId: auth.user.id, friendlyName: name, type, secret: null },
          new Date()
        )
      })
      return reply.send({ id: factor.id, type: 'webauthn', friendly_name: name })
    }
    if (type !== 'totp') throw ERRORS.validationFailed('Unsupported factor type', 422)
    const issuer = issuerOf(rt, params.issuer)
    const created = await authTx(rt.ctx.db, async (tx) => {
      await validateNewFactor(rt, tx, auth.user.id, name, await sessionAal(tx, auth.sessionId))
      const key = await generateTotpKey(issuer, auth.user.email ?? '')
      const factor = await insertFactor(
        tx,
        { userId: auth.user.id, friendlyName: name, type, secret: key.secret },
        new Date()
      )
      return { factor, key }
    })
    return reply.send({
      id: created.factor.id,
      type: 'totp',
      friendly_name: name,
      totp: { qr_code: created.key.qrCode, secret: created.key.secret, uri: created.key.uri },
    })
  })

  app.post<{ Params: { id: string } }>('/factors/:id/challenge', async (request, reply) => {
    const auth = await requireFactorUser(rt, request, 'Cannot read SessionId claim as UUID')
    const factor = await loadOwnedFactor(rt, auth.user.id, request.params.id)
    rateLimit(rt.limiters.factorChallenge, request)
    assertVerifyEnabled(rt, factor.factor_type)
    const created = await authTx(rt.ctx.db, async (tx) => {
      const ceremony =
        factor.factor_type === 'webauthn' ? await webAuthnOptions(rt, tx, auth.user, factor) : null
      const row = await insertChallenge(
        tx,
        factor.id,
        clientAddress(request.raw) ?? request.ip,
        new Date(),
        ceremony?.session ?? null
      )
      return { row, ceremony }
    })
    const expiresAt = created.row.createdAt.getTime() / 1000 + rt.settings.mfa.challengeExpiry
    return reply.send({
      id: created.row.id,
      type: factor.factor_type,
      expires_at: Math.floor(expiresAt),
      ...(created.ceremony ? { webauthn: created.ceremony.response } : {}),
    })
  })

  app.post<{ Params: { id: string } }>('/factors/:id/verify', async (request, reply) => {
    const auth = await requireFactorUser(rt, request, 'Cannot read SessionId claim as UUID')
    const factor = await loadOwnedFactor(rt, auth.user.id, request.params.id)
    rateLimit(rt.limiters.factorVerify, request)
    const params = readParams(rawBody(request), VERIFY_PARAMS)
    const challengeId = challengeIdOf(params.challenge_id)
    if (params.code === '' && factor.factor_type !== 'webauthn') {
      throw ERRORS.validationFailed('Code needs to be non-empty')
    }
    if (factor.factor_type === 'webauthn' && !rt.settings.mfa.webAuthn.verifyEnabled) {
      // GoTrue answers this one with the enrol code.
      throw ERRORS.mfaWebauthnEnrollNotEnabled('MFA verification is disabled for WebAuthn')
    }
    assertVerifyEnabled(rt, factor.factor_type)
    const webauthn = factor.factor_type === 'webauthn' ? checkWebAuthnParams(params.webauthn) : null
    const challenge = await validChallenge(
      rt,
      factor,
      challengeId,
      clientAddress(request.raw) ?? request.ip
    )
    if (!webauthn && !validateTotp(params.code, factor.secret ?? '')) {
      throw ERRORS.mfaVerificationFailed('Invalid TOTP code entered')
    }
    if (webauthn) {
      // The ceremony is checked, then the challenge is used up whatever follows.
      await authTx(rt.ctx.db, async (tx) => {
        const ceremony = await challengeSession(tx, challenge.id)
        if (!ceremony || ceremony.type !== webauthn.type) {
          throw ERRORS.validationFailed('Invalid credential_response')
        }
        await verifyCeremony(rt, tx, factor, ceremony, webauthn)
        if (!(await deleteChallenge(tx, challenge.id))) {
          throw ERRORS.mfaIpAddressMismatch('Challenge and verify IP addresses mismatch.')
        }
      })
    }
    const session = await authTx(rt.ctx.db, async (tx) => {
      const now = new Date()
      await markVerified(tx, challenge.id, factor, now, webauthn !== null)
      const call = {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        factorId: factor.id,
        method: webauthn ? 'mfa/webauthn' : 'totp',
      }
      const response = await upgradeSession(rt, tx, call, clientInfo(request), now)
      await afterVerification(tx, auth.user.id, factor.factor_type as FactorType)
      return response
    })
    return reply.send(session)
  })

  app.delete<{ Params: { id: string } }>('/factors/:id', async (request, reply) => {
    const auth = await requireFactorUser(
      rt,
      request,
      'A valid session and factor are required to unenroll a factor'
    )
    const factor = await loadOwnedFactor(rt, auth.user.id, request.params.id)
    await authTx(rt.ctx.db, async (tx) => {
      if (factor.status === 'verified' && (await sessionAal(tx, auth.sessionId)) !== 'aal2') {
        throw ERRORS.insufficientAal('AAL2 required to unenroll verified factor', 422)
      }
      // Chorus (users/recent-proof.ts): and a second factor verified recently, not only once.
      if (
        factor.status === 'verified' &&
        rt.settings.passwordChangeNeedsCurrentPassword &&
        !freshSecondFactor(auth.sessionId ? await amrOf(tx, auth.sessionId) : [])
      ) {
        throw ERRORS.reauthenticationNeeded(
          `Unenrolling a verified factor requires reauthentication: verify a factor again within ${PROOF_WINDOW_SECONDS / 60} minutes`
        )
      }
      await deleteFactor(tx, factor)
    })
    return reply.send({ id: factor.id })
  })
}
