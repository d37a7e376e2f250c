// The endpoints that email a link or code: POST /otp (magic link or email OTP, signing the user up
// when needed), POST /magiclink (legacy), POST /recover and POST /resend, as GoTrue's otp.go,
// magic_link.go, recover.go and resend.go.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  sendConfirmation,
  sendEmailChange,
  sendRecoveryKind,
} from '../verification/account-mail.ts'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { createFlowState, validatePkceParams } from '../verification/flow-state.ts'
import { readParams } from '../http/params.ts'
import { rateLimit, rawBody, referrer, requestAud } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { randomPassword } from '../secrets.ts'
import { findUserByEmail } from '../users/user-store.ts'
import { isConfirmed } from '../users/user-json.ts'
import { validateEmail } from '../http/validate.ts'
import { signup, SIGNUP_PARAMS } from '../users/signup.ts'
import type { SignupParams } from '../users/signup.ts'

const OTP_PARAMS = {
  struct: 'OtpParams',
  fields: {
    email: 'string',
    phone: 'string',
    create_user: 'bool?',
    data: 'object',
    channel: 'string',
    code_challenge_method: 'string',
    code_challenge: 'string',
  },
} as const

const MAGIC_LINK_PARAMS = {
  struct: 'MagicLinkParams',
  fields: {
    email: 'string',
    data: 'object',
    code_challenge_method: 'string',
    code_challenge: 'string',
  },
} as const

const RECOVER_PARAMS = {
  struct: 'RecoverParams',
  fields: { email: 'string', code_challenge: 'string', code_challenge_method: 'string' },
} as const

const RESEND_PARAMS = {
  struct: 'ResendConfirmationParams',
  fields: {
    type: 'string',
    email: 'string',
    phone: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const

interface MagicLinkInput {
  email: string
  data: Record<string, unknown>
  codeChallenge: string
  codeChallengeMethod: string
}

export function registerEmailFlows(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/otp', async (request, reply) => {
    rateLimit(rt.limiters.signInSignUps, request)
    const params = readParams(rawBody(request), OTP_PARAMS)
    if (params.email !== '' && params.phone !== '') {
      throw ERRORS.validationFailed('Only an email address or phone number should be provided')
    }
    if (params.email !== '' && params.channel !== '') {
      throw ERRORS.validationFailed('Channel should only be specified with Phone OTP')
    }
    validatePkceParams(params.code_challenge_method, params.code_challenge)
    if (params.create_user === false && params.email !== '') {
      const email = validateEmail(params.email)
      const aud = requestAud(rt, request)
      const user = await authTx(rt.ctx.db, (tx) => findUserByEmail(tx, email, aud))
      if (!user) throw ERRORS.otpDisabled('Signups not allowed for otp')
    }
    if (params.email !== '') {
      await magicLink(rt, request, {
        email: params.email,
        data: params.data ?? {},
        codeChallenge: params.code_challenge,
        codeChallengeMethod: params.code_challenge_method,
      })
      return reply.send({})
    }
    if (params.phone !== '') {
      throw ERRORS.phoneProviderDisabled('Unsupported phone provider', 400)
    }
    throw ERRORS.validationFailed('One of email or phone must be set')
  })

  app.post('/magiclink', async (request, reply) => {
    rateLimit(rt.limiters.signInSignUps, request)
    const params = readParams(rawBody(request), MAGIC_LINK_PARAMS)
    validatePkceParams(params.code_challenge_method, params.code_challenge)
    await magicLink(rt, request, {
      email: params.email,
      data: params.data ?? {},
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge_method,
    })
    return reply.send({})
  })

  app.post('/recover', async (request, reply) => {
    rateLimit(rt.limiters.signInSignUps, request)
    const params = readParams(rawBody(request), RECOVER_PARAMS)
    if (params.email === '') {
      throw ERRORS.validationFailed('Password recovery requires an email', 422)
    }
    const email = validateEmail(params.email)
    validatePkceParams(params.code_challenge_method, params.code_challenge)
    const aud = requestAud(rt, request)
    const redirectTo = referrer(rt, request)
    const pkce = params.code_challenge !== ''
    await authTx(rt.ctx.db, async (tx) => {
      const user = await findUserByEmail(tx, email, aud)
      if (!user) return
      const now = new Date()
      if (pkce) {
        await createFlowState(
          tx,
          'recovery',
          'recovery',
          params.code_challenge_method,
          params.code_challenge,
          user.id,
          now
        )
      }
      await sendRecoveryKind(rt, tx, user, 'recovery', pkce, redirectTo, now)
    })
    return reply.send({})
  })

  app.post('/resend', async (request, reply) => {
    rateLimit(rt.limiters.signInSignUps, request)
    const params = readParams(rawBody(request), RESEND_PARAMS)
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(params.type)) {
      throw ERRORS.validationFailed(
        'Missing one of these types: signup, email_change, sms, phone_change'
      )
    }
    if (params.email === '' && params.type === 'signup') {
      throw ERRORS.validationFailed('Type provided requires an email address')
    }
    if (params.phone === '' && params.type === 'sms') {
      throw ERRORS.validationFailed('Type provided requires a phone number')
    }
    if (params.email !== '' && params.phone !== '') {
      throw ERRORS.validationFailed('Only an email address or phone number should be provided.')
    }
    if (params.phone !== '' || params.type === 'sms' || params.type === 'phone_change') {
      throw ERRORS.phoneProviderDisabled('Unsupported phone provider', 400)
    }
    if (!rt.settings.emailEnabled) {
      throw ERRORS.emailProviderDisabled('Email logins are disabled', 400)
    }
    const email = validateEmail(params.email)
    validatePkceParams(params.code_challenge_method, params.code_challenge)
    const aud = requestAud(rt, request)
    const redirectTo = referrer(rt, request)
    const pkce = params.code_challenge !== ''
    await authTx(rt.ctx.db, async (tx) => {
      const user = await findUserByEmail(tx, email, aud)
      if (!user) return
      const now = new Date()
      if (params.type === 'signup') {
        if (isConfirmed(user)) return
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
      } else {
        if (!user.email_change) return
        if (pkce) {
          await createFlowState(
            tx,
            'email_change',
            'email_change',
            params.code_challenge_method,
            params.code_challenge,
            user.id,
            now
          )
        }
        await sendEmailChange(rt, tx, user, user.email_change, pkce, redirectTo, now)
      }
    })
    return reply.send({})
  })
}

/**
 * GoTrue's MagicLink: a user who does not exist or never confirmed is signed up first (with a
 * random password); with confirmations on, the confirmation email is the magic link.
 */
async function magicLink(rt: AuthRuntime, request: FastifyRequest, input: MagicLinkInput) {
  if (!rt.settings.emailEnabled) {
    throw ERRORS.emailProviderDisabled('Email logins are disabled', 400)
  }
  if (input.email === '') {
    throw ERRORS.validationFailed('Password recovery requires an email', 422)
  }
  const email = validateEmail(input.email)
  const aud = requestAud(rt, request)
  const existing = await authTx(rt.ctx.db, (tx) => findUserByEmail(tx, email, aud))
  if (!existing || !isConfirmed(existing)) {
    const params: SignupParams = {
      ...readParamsDefaults(),
      email,
      password: randomPassword(33, rt.settings.passwordRequiredCharacters),
      data: input.data,
      code_challenge: input.codeChallenge,
      code_challenge_method: input.codeChallengeMethod,
    }
    await signup(rt, request, params)
    // With autoconfirm the user is now confirmed and gets the magic link; otherwise the
    // confirmation email already is one.
    if (!rt.settings.mailerAutoconfirm) return
  }
  const redirectTo = referrer(rt, request)
  const pkce = input.codeChallenge !== ''
  await authTx(rt.ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, email, aud)
    if (!user) return
    const now = new Date()
    if (pkce) {
      await createFlowState(
        tx,
        'magiclink',
        'magiclink',
        input.codeChallengeMethod,
        input.codeChallenge,
        user.id,
        now
      )
    }
    await sendRecoveryKind(rt, tx, user, 'magiclink', pkce, redirectTo, now)
  })
}

function readParamsDefaults(): SignupParams {
  return readParams('{}', SIGNUP_PARAMS)
}
