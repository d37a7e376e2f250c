// POST /signup: email + password sign-up (confirmed at once, or by the emailed link), and the
// anonymous sign-in (a body with neither email nor phone), as GoTrue's signup.go and anonymous.go.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendConfirmation } from '../account-mail.ts'
import { confirmUser } from '../account-verify.ts'
import { authTx } from '../db.ts'
import type { Tx } from '../db.ts'
import { AuthError, badRequest, internalError, isDatabaseError, unprocessable } from '../errors.ts'
import { createFlowState, validatePkceParams } from '../flow-state.ts'
import { readParams } from '../params.ts'
import type { Params } from '../params.ts'
import { assertPasswordStrength, hashPassword } from '../password.ts'
import { clientInfo, rateLimit, rawBody, referrer, requestAud } from '../request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { issueSession } from '../tokens.ts'
import { findDuplicateEmail, findUserById, insertIdentity, insertUser } from '../user-store.ts'
import { isConfirmed, userJson } from '../user-json.ts'
import type { User } from '../user-json.ts'
import { validateEmail } from '../validate.ts'

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

export function registerSignup(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/signup', async (request, reply) => {
    const params = readParams(rawBody(request), SIGNUP_PARAMS)
    if (params.email === '' && params.phone === '') {
      if (!rt.settings.anonymousEnabled) {
        throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      rateLimit(rt.limiters.anonymousUsers, request)
      return reply.send(await signupAnonymously(rt, request, params))
    }
    rateLimit(rt.limiters.signInSignUps, request)
    const result = await signup(rt, request, params)
    return reply.send(result)
  })
}

/** Inserts a new user and its identity; a failing trigger is GoTrue's "Database error saving new user". */
export async function createUserRow(
  tx: Tx,
  fields: Parameters<typeof insertUser>[1],
  identity: { provider: string; data: Record<string, unknown> } | null
): Promise<string> {
  try {
    const id = await insertUser(tx, fields)
    if (identity) {
      await insertIdentity(tx, id, identity.provider, id, { ...identity.data, sub: id }, fields.now)
    }
    return id
  } catch (error) {
    if (isDatabaseError(error)) throw internalError('Database error saving new user', error)
    throw error
  }
}

/** The identity claims GoTrue stores for an email user (provider.Claims as a map). */
export function emailClaims(email: string, verified = false): Record<string, unknown> {
  return { email, email_verified: verified, phone_verified: false }
}

export async function signup(rt: AuthRuntime, request: FastifyRequest, params: SignupParams) {
  const settings = rt.settings
  if (settings.disableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  }
  if (params.password === '') {
    throw badRequest('validation_failed', 'Signup requires a valid password')
  }
  if (params.email !== '' && params.phone !== '') {
    throw unprocessable(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.'
    )
  }
  if (params.phone !== '' && params.code_challenge !== '') {
    throw badRequest('validation_failed', 'PKCE not supported for phone signups')
  }
  validatePkceParams(params.code_challenge_method, params.code_challenge)
  assertPasswordStrength(params.password, settings)
  if (params.phone !== '') {
    throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  }
  if (!settings.emailEnabled) {
    throw badRequest('email_provider_disabled', 'Email signups are disabled')
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
        if (!existing) throw internalError('Database error saving new user')
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
      throw unprocessable('user_already_exists', 'User already registered')
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

async function signupAnonymously(rt: AuthRuntime, request: FastifyRequest, params: SignupParams) {
  if (rt.settings.disableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
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
      throw internalError('Database error creating anonymous user')
    }
    throw error
  }
}
