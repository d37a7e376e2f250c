// POST /invite (email an invitation) and POST /admin/generate_link (the link and OTP of any email
// flow, returned instead of sent), as GoTrue's invite.go and admin.go.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendInvite } from '../verification/account-mail.ts'
import { authTx } from '../db.ts'
import type { Tx } from '../db.ts'
import { DUPLICATE_EMAIL, ERRORS } from '../errors.ts'
import { createOneTimeToken } from '../verification/one-time-tokens.ts'
import { readParams } from '../http/params.ts'
import type { Params } from '../http/params.ts'
import { assertPasswordStrength, hashPassword } from '../users/password.ts'
import { isRedirectUrlValid } from '../http/redirect.ts'
import { rawBody, referrer, requestAud, requireAdmin } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { verificationLink } from '../runtime.ts'
import { generateOtp, randomPassword, tokenHash } from '../secrets.ts'
import {
  findDuplicateEmail,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  patchUser,
} from '../users/user-store.ts'
import { isConfirmed, userJson } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'
import { validateEmail } from '../http/validate.ts'
import { createUserRow, emailClaims } from '../users/create-user.ts'

const INVITE_PARAMS = {
  struct: 'InviteParams',
  fields: { email: 'string', data: 'object' },
} as const

const GENERATE_LINK_PARAMS = {
  struct: 'GenerateLinkParams',
  fields: {
    type: 'string',
    email: 'string',
    new_email: 'string',
    password: 'string',
    data: 'object',
    redirect_to: 'string',
  },
} as const

type GenerateLinkParams = Params<typeof GENERATE_LINK_PARAMS>

export function registerAdminLinks(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/invite', async (request, reply) => {
    const claims = await requireAdmin(rt, request)
    const params = readParams(rawBody(request), INVITE_PARAMS)
    const email = validateEmail(params.email)
    const aud = requestAud(rt, request, claims)
    const redirectTo = referrer(rt, request)
    const user = await authTx(rt.ctx.db, async (tx) => {
      let user = await findUserByEmail(tx, email, aud)
      if (user && isConfirmed(user)) throw ERRORS.emailExists(DUPLICATE_EMAIL)
      if (!user) user = await newPasswordlessUser(tx, email, aud, params.data ?? {})
      await sendInvite(rt, tx, user, redirectTo)
      return (await findUserById(tx, user.id)) as User
    })
    return reply.send(userJson(user))
  })

  app.post('/admin/generate_link', async (request, reply) => {
    const claims = await requireAdmin(rt, request)
    const params = readParams(rawBody(request), GENERATE_LINK_PARAMS)
    return reply.send(await generateLink(rt, request, params, requestAud(rt, request, claims)))
  })
}

/** A user made by an invite or a generated link: no password, an unconfirmed email identity. */
async function newPasswordlessUser(
  tx: Tx,
  email: string,
  aud: string,
  data: Record<string, unknown>,
  encryptedPassword = ''
): Promise<User> {
  const id = randomUUID()
  await createUserRow(
    tx,
    {
      id,
      aud,
      role: 'authenticated',
      email,
      encryptedPassword,
      userMetadata: { ...data, ...emailClaims(email), sub: id },
      appMetadata: { provider: 'email', providers: ['email'] },
      now: new Date(),
    },
    { provider: 'email', data: emailClaims(email) }
  )
  return (await findUserById(tx, id)) as User
}

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]

async function generateLink(
  rt: AuthRuntime,
  request: FastifyRequest,
  params: GenerateLinkParams,
  aud: string
) {
  const email = validateEmail(params.email)
  let redirectTo = referrer(rt, request)
  if (isRedirectUrlValid(rt.settings.siteUrl, rt.settings.allowList, params.redirect_to)) {
    redirectTo = params.redirect_to
  }
  let type = params.type
  let password = params.password
  const existing = await authTx(rt.ctx.db, (tx) => findUserByEmail(tx, email, aud))
  if (!existing) {
    if (type === 'magiclink') {
      // A magic link for an unknown address signs it up.
      type = 'signup'
      password = randomPassword(64, rt.settings.passwordRequiredCharacters)
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw ERRORS.userNotFound('User with this email not found')
    }
  }
  if (!LINK_TYPES.includes(type)) {
    throw ERRORS.validationFailed(`Invalid email action link type requested: ${type}`)
  }
  let encryptedPassword = ''
  if (type === 'signup' && !existing) {
    if (password === '') throw ERRORS.validationFailed('Signup requires a valid password')
    assertPasswordStrength(password, rt.settings)
    encryptedPassword = await hashPassword(password)
  }
  const otp = generateOtp(rt.settings.otpLength)
  const hashed = tokenHash(email, otp)
  const now = new Date()
  const user = await authTx(rt.ctx.db, async (tx) => {
    let user = existing ? await findUserById(tx, existing.id) : null
    let link: string
    switch (type) {
      case 'magiclink':
      case 'recovery': {
        const current = user as User
        await patchUser(tx, current.id, { recovery_token: hashed, recovery_sent_at: now }, now)
        await createOneTimeToken(tx, current.id, email, hashed, 'recovery_token')
        link = verificationLink(rt, hashed, type, redirectTo)
        break
      }
      case 'invite':
      case 'signup': {
        if (user && isConfirmed(user)) throw ERRORS.emailExists(DUPLICATE_EMAIL)
        if (!user) {
          user = await newPasswordlessUser(tx, email, aud, params.data ?? {}, encryptedPassword)
        } else if (type === 'signup' && params.data) {
          await patchUser(
            tx,
            user.id,
            { raw_user_meta_data: { json: mergeMetadata(user.raw_user_meta_data, params.data) } },
            now
          )
        }
        const patch: Record<string, string | Date> = {
          confirmation_token: hashed,
          confirmation_sent_at: now,
        }
        if (type === 'invite') patch.invited_at = now
        await patchUser(tx, user.id, patch, now)
        await createOneTimeToken(tx, user.id, email, hashed, 'confirmation_token')
        link = verificationLink(rt, hashed, type, redirectTo)
        break
      }
      default:
        link = await emailChangeLink(
          rt,
          tx,
          user as User,
          type,
          params.new_email,
          otp,
          hashed,
          now,
          redirectTo
        )
    }
    return { user: (await findUserById(tx, (user as User).id)) as User, link }
  })
  return {
    ...userJson(user.user),
    action_link: user.link,
    email_otp: otp,
    hashed_token: hashed,
    verification_type: type,
    redirect_to: redirectTo,
  }
}

async function emailChangeLink(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  type: string,
  newEmailParam: string,
  otp: string,
  hashed: string,
  now: Date,
  redirectTo: string
): Promise<string> {
  if (!rt.settings.secureEmailChange && type === 'email_change_current') {
    throw ERRORS.validationFailed('Enable secure email change to generate link for current email')
  }
  const newEmail = validateEmail(newEmailParam)
  if (await findDuplicateEmail(tx, newEmail, user.aud ?? '', user.id)) {
    throw ERRORS.emailExists(DUPLICATE_EMAIL)
  }
  const current = type === 'email_change_current' ? hashed : ''
  const next = type === 'email_change_new' ? tokenHash(newEmail, otp) : ''
  await patchUser(
    tx,
    user.id,
    {
      email_change_sent_at: now,
      email_change: newEmail,
      email_change_confirm_status: 0,
      email_change_token_current: current,
      email_change_token_new: next,
    },
    now
  )
  if (current !== '') {
    await createOneTimeToken(tx, user.id, user.email ?? '', current, 'email_change_token_current')
  }
  if (next !== '') {
    await createOneTimeToken(tx, user.id, newEmail, next, 'email_change_token_new')
  }
  return verificationLink(rt, current !== '' ? current : next, 'email_change', redirectTo)
}
