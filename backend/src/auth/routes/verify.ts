// GET /verify (the emailed link: a 303 to the app with the session in the fragment, ?code= in the
// PKCE flow, or the error) and POST /verify (an OTP or token hash entered in the app), as GoTrue's
// verify.go.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import type { Tx } from '../db.ts'
import { AuthError, ERRORS, SINGLE_CONFIRMATION_ACCEPTED } from '../errors.ts'
import { issueAuthCode } from '../verification/flow-state.ts'
import { readParams } from '../http/params.ts'
import {
  clientInfo,
  queryParam,
  rateLimit,
  rawBody,
  referrer,
  requestAud,
} from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { PKCE_PREFIX, tokenHash } from '../secrets.ts'
import { issueSession, sessionRedirect } from '../sessions/tokens.ts'
import type { SessionResponse } from '../sessions/tokens.ts'
import { validateEmail, validatePhone } from '../http/validate.ts'
import {
  emailChangeVerify,
  recoverVerify,
  signupVerify,
  updateProviders,
} from '../verification/account-verify.ts'
import { findUserById } from '../users/user-store.ts'
import type { User } from '../users/user-json.ts'
import { findByTokenHash, findByEmailAndOtp } from '../verification/verify-lookup.ts'
import type { VerifyType } from '../verification/verify-lookup.ts'

const VERIFY_PARAMS = {
  struct: 'VerifyParams',
  fields: {
    type: 'string',
    token: 'string',
    token_hash: 'string',
    email: 'string',
    phone: 'string',
    redirect_to: 'string',
  },
} as const

/** The authentication method recorded for a PKCE exchange of each link type. */
const PKCE_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
}

type Outcome =
  | { kind: 'session'; session: SessionResponse; type: VerifyType }
  | { kind: 'code'; code: string }
  | { kind: 'single_confirmation' }

export function registerVerify(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/verify', async (request, reply) => {
    rateLimit(rt.limiters.tokenVerifications, request)
    const type = queryParam(request, 'type')
    const token = queryParam(request, 'token')
    if (type === '') throw ERRORS.validationFailed('Verify requires a verification type')
    if (token === '') {
      throw ERRORS.validationFailed('Verify requires a token or a token hash')
    }
    return verifyGet(rt, request, reply, type, token)
  })

  app.post('/verify', async (request, reply) => {
    rateLimit(rt.limiters.tokenVerifications, request)
    const params = readParams(rawBody(request), VERIFY_PARAMS)
    if (params.type === '') {
      throw ERRORS.validationFailed('Verify requires a verification type')
    }
    if ((params.token === '') === (params.token_hash === '')) {
      throw ERRORS.validationFailed('Verify requires either a token or a token hash')
    }
    let email = ''
    if (params.token !== '') {
      if ((params.phone === '') === (params.email === '')) {
        throw ERRORS.validationFailed(
          'Only an email address or phone number should be provided on verify'
        )
      }
      if (params.phone !== '') {
        validatePhone(params.phone)
        // No account has a phone here, so a well-formed phone's code can only be wrong.
        throw ERRORS.otpExpired('Token has expired or is invalid')
      }
      try {
        email = validateEmail(params.email)
      } catch {
        throw ERRORS.validationFailed('Invalid email format', 422)
      }
    } else if (params.email !== '' || params.phone !== '' || params.redirect_to !== '') {
      throw ERRORS.validationFailed('Only the token_hash and type should be provided')
    }
    const aud = requestAud(rt, request)
    const outcome = await authTx(rt.ctx.db, async (tx) => {
      const found =
        params.token !== ''
          ? await findByEmailAndOtp(tx, rt.settings, params.type, email, params.token, aud)
          : await findByTokenHash(tx, rt.settings, params.type, params.token_hash)
      const hash = params.token !== '' ? tokenHash(email, params.token) : params.token_hash
      return applyVerification(rt, tx, request, found.user, found.type, hash, false)
    })
    if (outcome.kind === 'single_confirmation') {
      return reply.send({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 })
    }
    if (outcome.kind !== 'session') throw new Error('POST /verify never issues an auth code')
    return reply.send(outcome.session)
  })
}

/** Applies a verified token to its user and signs the user in (or stamps the PKCE code). */
async function applyVerification(
  rt: AuthRuntime,
  tx: Tx,
  request: FastifyRequest,
  user: User,
  type: VerifyType,
  hash: string,
  pkce: boolean
): Promise<Outcome> {
  const now = new Date()
  let verified: User | null
  switch (type) {
    case 'signup':
    case 'invite':
      verified = await signupVerify(tx, user, now)
      break
    case 'recovery':
    case 'magiclink':
      verified = await recoverVerify(tx, user, now)
      break
    case 'email_change':
      verified = await emailChangeVerify(tx, user, hash, rt.settings, now)
      if (verified === null) return { kind: 'single_confirmation' }
      break
  }
  await updateProviders(tx, verified, now)
  if (pkce) {
    const code = await issueAuthCode(tx, verified.id, PKCE_METHOD[type] ?? type, now)
    if (code === null) {
      throw ERRORS.flowStateNotFound(
        'No associated flow state found. No valid flow state found for user.'
      )
    }
    return { kind: 'code', code }
  }
  const fresh = (await findUserById(tx, verified.id)) as User
  return {
    kind: 'session',
    session: await issueSession(rt, tx, fresh.id, 'otp', clientInfo(request), now),
    type,
  }
}

async function verifyGet(
  rt: AuthRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  token: string
) {
  const redirectTo = referrer(rt, request)
  const pkce = token.startsWith(PKCE_PREFIX)
  let outcome: Outcome
  try {
    outcome = await authTx(rt.ctx.db, async (tx) => {
      const found = await findByTokenHash(tx, rt.settings, type, token)
      return applyVerification(rt, tx, request, found.user, found.type, token, pkce)
    })
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    return reply.redirect(errorRedirect(redirectTo, error), 303)
  }
  switch (outcome.kind) {
    case 'single_confirmation':
      return reply.redirect(messageRedirect(redirectTo, SINGLE_CONFIRMATION_ACCEPTED, pkce), 303)
    case 'code':
      return reply.redirect(withQuery(redirectTo, { code: outcome.code }), 303)
    case 'session':
      // The type verified: a link of type "email" reports signup or magiclink, as GoTrue does.
      return reply.redirect(sessionRedirect(redirectTo, outcome.session, outcome.type), 303)
  }
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

function withQuery(url: string, params: Record<string, string>, fragment?: string): string {
  try {
    const parsed = new URL(url)
    for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value)
    if (fragment !== undefined) parsed.hash = fragment
    return parsed.toString()
  } catch {
    const query = new URLSearchParams(params).toString()
    return `${url}${url.includes('?') ? '&' : '?'}${query}${fragment ? `#${fragment}` : ''}`
  }
}

/** GoTrue's prepErrorRedirectURL: the error in the query and in the fragment. */
export function errorRedirect(redirectTo: string, error: AuthError): string {
  const params: Record<string, string> = {}
  const oauth = OAUTH_ERRORS[error.status]
  if (oauth) params.error = oauth
  params.error_code = error.code
  params.error_description = error.message
  return withQuery(redirectTo, params, new URLSearchParams(params).toString())
}

function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  const fragment = new URLSearchParams({ message }).toString()
  return withQuery(redirectTo, pkce ? { message } : {}, fragment)
}
