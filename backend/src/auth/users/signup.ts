// The sign-up flows of GoTrue's signup.go and anonymous.go: an email + password account (confirmed
// at once, or by the emailed link; a repeated sign-up answers a made-up user) and the anonymous
// user. POST /signup (routes/signup.ts) and the OTP sign-up (routes/email-flows.ts) call them.
import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sendConfirmation } from '../verification/account-mail.ts'
import { confirmUser } from '../verification/account-verify.ts'
import { authTx } from '../db.ts'
import { AuthError, ERRORS } from '../errors.ts'
import { createFlowState, validatePkceParams } from '../verification/flow-state.ts'
import type { Params } from '../http/params.ts'
import { assertPasswordStrength, hashPassword } from './password.ts'
import { clientInfo, referrer, requestAud } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { issueSession } from '../sessions/tokens.ts'
import { createUserRow, emailClaims } from './create-user.ts'
import { findDuplicateEmail, findUserById } from './user-store.ts'
import { isConfirmed, userJson } from './user-json.ts'
import type { User } from './user-json.ts'
import { validateEmail } from '../http/validate.ts'

export const SIGNUP_PARAMS = {
  struct: 'SignupParams',
  fields: {
    email: 'string',
    phone: 'string',
    password: 'string',
    data: 'object',
    provider: 'string',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const

export type SignupParams = Params<typeof SIGNUP_PARAMS>

class UserExists extends Error {}

export async function signup(rt: AuthRuntime, request: FastifyRequest, params: SignupParams) {
  const settings = rt.settings
  if (settings.disableSignup) {
    throw ERRORS.signupDisabled('Signups not allowed for this instance')
  }
  if (params.password === '') {
    throw ERRORS.validationFailed('Signup requires a valid password')
  }
  if (params.email !== '' && params.phone !== '') {
    throw ERRORS.validationFailed(
      'Only an email address or phone number should be provided on signup.',
      422
    )
  }
  if (params.phone !== '' && params.code_challenge !== '') {
    throw ERRORS.validationFailed('PKCE not supported for phone signups')
  }
  validatePkceParams(params.code_challenge_method, params.code_challenge)
  assertPasswordStrength(params.password, settings)
  if (params.phone !== '') {
    throw ERRORS.phoneProviderDisabled('Phone signups are disabled', 400)
  }
  if (!settings.emailEnabled) {
    throw ERRORS.emailProviderDisabled('Email signups are disabled', 400)
  }
  const email = validateEmail(params.email)
  const aud = requestAud(rt, request)
  const redirectTo = referrer(rt, request)
  const pkce = params.code_challenge !== ''
  const data = params.data ?? {}

  let existingId = await authTx(rt.ctx.db, (tx) => findDuplicateEmail(tx, email, aud, null))
  // Hashing is slow: done before the transaction, and only for a new account.
  const encryptedPassword = existingId ? '' : await hashPassword(params.password)
  const now = new Date()
  try {
    return await authTx(rt.ctx.db, async (tx) => {
      // Sign-ups of one address run one at a time, so a double submit finds the first account
      // instead of failing on the unique index.
      await tx`select pg_advisory_xact_lock(hashtext(${`auth.signup:${email}`}))`
      existingId ??= await findDuplicateEmail(tx, email, aud, null)
      let user: User
      if (existingId) {
        const existing = await findUserById(tx, existingId)
        // Deleted since it was looked up: rare enough to answer as a failed save.
        if (!existing) throw ERRORS.unexpectedFailure('Database error saving new user')
        user = existing
        if (isConfirmed(user)) throw new UserExists()
      } else {
        const newId = randomUUID()
        const id = await createUserRow(
          tx,
          {
            id: newId,
            aud,
            role: 'authenticated',
            email,
            encryptedPassword,
            // GoTrue keeps the identity's claims in the user metadata too.
            userMetadata: { ...data, ...emailClaims(email), sub: newId },
            appMetadata: { provider: 'email', providers: ['email'] },
            now,
          },
          { provider: 'email', data: emailClaims(email) }
        )
        user = (await findUserById(tx, id)) as User
      }
      if (!isConfirmed(user)) {
        if (settings.mailerAutoconfirm) {
          user = await confirmUser(tx, user, now)
        } else {
          if (pkce) {
            await createFlowState(
              tx,
              'email',
              'email/signup',
              params.code_challenge_method,
              params.code_challenge,
              user.id,
              now
            )
          }
          await sendConfirmation(rt, tx, user, pkce, redirectTo, now)
          user = (await findUserById(tx, user.id)) as User
        }
      }
      if (isConfirmed(user)) {
        return issueSession(rt, tx, user.id, 'password', clientInfo(request), now)
      }
      if (user.invited_at !== null) {
        return { ...userJson(user), user_metadata: {}, identities: [] }
      }
      return userJson(user)
    })
  } catch (error) {
    if (!(error instanceof UserExists)) throw error
    if (settings.mailerAutoconfirm) {
      throw ERRORS.userAlreadyExists('User already registered')
    }
    // With confirmations on, a repeated sign-up looks like a new one (no account enumeration).
    const user = (await authTx(rt.ctx.db, (tx) => findUserById(tx, existingId as string))) as User
    return sanitizedUser(user, data, aud, now)
  }
}

/** GoTrue's sanitizeUser: a made-up user in place of the existing one. */
function sanitizedUser(user: User, data: Record<string, unknown>, aud: string, now: Date) {
  const at = now.toISOString()
  return userJson({
    ...user,
    id: randomUUID(),
    aud,
    role: '',
    phone: null,
    email_change: null,
    created_at: at,
    updated_at: at,
    confirmation_sent_at: at,
    last_sign_in_at: null,
    confirmed_at: null,
    email_change_sent_at: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    raw_user_meta_data: data,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    identities: [],
  })
}

export async function signupAnonymously(
  rt: AuthRuntime,
  request: FastifyRequest,
  params: SignupParams
) {
  if (rt.settings.disableSignup) {
    throw ERRORS.signupDisabled('Signups not allowed for this instance')
  }
  const aud = requestAud(rt, request)
  const now = new Date()
  try {
    return await authTx(rt.ctx.db, async (tx) => {
      const id = await createUserRow(
        tx,
        {
          aud,
          role: 'authenticated',
          email: null,
          encryptedPassword: '',
          userMetadata: params.data ?? {},
          appMetadata: {},
          isAnonymous: true,
          now,
        },
        null
      )
      return issueSession(rt, tx, id, 'anonymous', clientInfo(request), now)
    })
  } catch (error) {
    if (error instanceof AuthError && error.status === 500) {
      throw ERRORS.unexpectedFailure('Database error creating anonymous user')
    }
    throw error
  }
}
