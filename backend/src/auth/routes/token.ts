// POST /token?grant_type=password|refresh_token|pkce, as GoTrue's token.go.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS, INVALID_LOGIN } from '../errors.ts'
import {
  deleteFlowState,
  findFlowStateByCode,
  isFlowStateExpired,
} from '../verification/flow-state.ts'
import { readParams } from '../http/params.ts'
import { passwordStrengthError, verifyPassword } from '../users/password.ts'
import { refreshTokenGrant } from '../sessions/refresh.ts'
import { clientInfo, queryParam, rateLimit, rawBody, requestAud } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { pkceMatches } from '../secrets.ts'
import { issueSession } from '../sessions/tokens.ts'
import { findUserByEmail, findUserById } from '../users/user-store.ts'
import { hasPassword, isBanned, isConfirmed } from '../users/user-json.ts'

const PASSWORD_PARAMS = {
  struct: 'PasswordGrantParams',
  fields: { email: 'string', phone: 'string', password: 'string' },
} as const

const REFRESH_PARAMS = {
  struct: 'RefreshTokenGrantParams',
  fields: { refresh_token: 'string' },
} as const

const PKCE_PARAMS = {
  struct: 'PKCEGrantParams',
  fields: { auth_code: 'string', code_verifier: 'string' },
} as const

export function registerToken(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/token', async (request, reply) => {
    const grantType = queryParam(request, 'grant_type')
    switch (grantType) {
      case 'password':
        rateLimit(rt.limiters.signInSignUps, request)
        return reply.send(await passwordGrant(rt, request))
      case 'refresh_token': {
        rateLimit(rt.limiters.tokenRefresh, request)
        const params = readParams(rawBody(request), REFRESH_PARAMS)
        return reply.send(await refreshTokenGrant(rt, params.refresh_token, clientInfo(request)))
      }
      case 'pkce':
        rateLimit(rt.limiters.signInSignUps, request)
        return reply.send(await pkceGrant(rt, request))
      case 'id_token':
        rateLimit(rt.limiters.signInSignUps, request)
        readParams(rawBody(request), { struct: 'IdTokenGrantParams', fields: {} })
        throw ERRORS.providerDisabled('Provider (issuer "") is not enabled')
      case 'web3':
        throw ERRORS.web3ProviderDisabled('Web3 provider is disabled')
      default:
        throw ERRORS.invalidCredentials('unsupported_grant_type')
    }
  })
}

async function passwordGrant(rt: AuthRuntime, request: FastifyRequest) {
  const params = readParams(rawBody(request), PASSWORD_PARAMS)
  if (params.email !== '' && params.phone !== '') {
    throw ERRORS.validationFailed(
      'Only an email address or phone number should be provided on login.',
      422
    )
  }
  if (params.email === '') {
    if (params.phone !== '') {
      throw ERRORS.phoneProviderDisabled('Phone logins are disabled')
    }
    throw ERRORS.validationFailed('missing email or phone')
  }
  if (!rt.settings.emailEnabled) {
    throw ERRORS.emailProviderDisabled('Email logins are disabled')
  }
  const aud = requestAud(rt, request)
  const user = await authTx(rt.ctx.db, (tx) => findUserByEmail(tx, params.email, aud))
  if (!user || !hasPassword(user)) throw ERRORS.invalidCredentials(INVALID_LOGIN)
  if (isBanned(user)) throw ERRORS.userBanned('User is banned')
  const valid = await verifyPassword(params.password, user.encrypted_password)
  if (!valid) throw ERRORS.invalidCredentials(INVALID_LOGIN)
  if (!isConfirmed(user)) throw ERRORS.emailNotConfirmed('Email not confirmed')
  // A correct but weak password still signs in; the session says why it is weak.
  const weak = passwordStrengthError(params.password, rt.settings)
  const session = await authTx(rt.ctx.db, (tx) =>
    issueSession(rt, tx, user.id, 'password', clientInfo(request))
  )
  if (weak && weak.code === 'weak_password') {
    session.weak_password = { message: weak.message, reasons: weak.reasons ?? [] }
  }
  return session
}

async function pkceGrant(rt: AuthRuntime, request: FastifyRequest) {
  const params = readParams(rawBody(request), PKCE_PARAMS)
  if (params.auth_code === '' || params.code_verifier === '') {
    throw ERRORS.validationFailed(
      'invalid request: both auth code and code verifier should be non-empty'
    )
  }
  return authTx(rt.ctx.db, async (tx) => {
    const flow = await findFlowStateByCode(tx, params.auth_code)
    if (!flow || flow.user_id === null) {
      throw ERRORS.flowStateNotFound('invalid flow state, no valid flow state found')
    }
    if (isFlowStateExpired(flow, rt.settings.flowStateExpiry, Date.now())) {
      throw ERRORS.flowStateExpired('invalid flow state, flow state has expired')
    }
    const user = await findUserById(tx, flow.user_id)
    if (!user) throw ERRORS.unexpectedFailure('Database error finding user')
    if (isBanned(user)) throw ERRORS.userBanned('User is banned')
    if (!pkceMatches(flow.code_challenge_method, flow.code_challenge, params.code_verifier)) {
      throw ERRORS.badCodeVerifier('code challenge does not match previously saved code verifier')
    }
    const session = await issueSession(
      rt,
      tx,
      user.id,
      flow.authentication_method,
      clientInfo(request)
    )
    await deleteFlowState(tx, flow.id)
    return session
  })
}
