// The signed-in user's endpoints: GET /user, PUT /user (metadata, password, email change),
// POST /logout and GET /reauthenticate, as GoTrue's user.go, logout.go and reauthenticate.go.
// A password change is guarded as GoTrue guards it: aal2 with a verified factor, the emailed nonce
// for a session older than 24 hours (secure_password_change), and the current password from every
// session but one a mailed link or code opened (update_password_require_current_password).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendEmailChange, sendReauthentication } from '../verification/account-mail.ts'
import { confirmEmailChange, setPassword } from '../verification/account-verify.ts'
import { authTx } from '../db.ts'
import { DUPLICATE_EMAIL, ERRORS } from '../errors.ts'
import { createFlowState, validatePkceParams } from '../verification/flow-state.ts'
import { readParams } from '../http/params.ts'
import { assertPasswordStrength, hashPassword, verifyPassword } from '../users/password.ts'
import {
  queryParam,
  rateLimit,
  rawBody,
  referrer,
  requestAud,
  requireUser,
} from '../http/request.ts'
import type { Authenticated } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { tokenHash } from '../secrets.ts'
import { amrOf, deleteSessions } from '../sessions/session-store.ts'
import { findDuplicateEmail, findUserById, mergeMetadata, patchUser } from '../users/user-store.ts'
import { hasPassword, isConfirmed, timeOf, userJson } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'
import { validateEmail } from '../http/validate.ts'

const USER_UPDATE_PARAMS = {
  struct: 'UserUpdateParams',
  fields: {
    email: 'string',
    password: 'string?',
    nonce: 'string',
    current_password: 'string?',
    data: 'object',
    app_metadata: 'object',
    phone: 'string',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  },
} as const

export function registerUser(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/user', async (request, reply) => {
    const auth = await requireUser(rt, request)
    const aud = requestAud(rt, request, auth.claims)
    const tokenAud = auth.claims.aud
    const first = Array.isArray(tokenAud) ? tokenAud[0] : tokenAud
    if (typeof first !== 'string' || first === '' || first !== aud) {
      throw ERRORS.unexpectedAudience("Token audience doesn't match request audience")
    }
    return reply.send(userJson(auth.user))
  })

  app.put('/user', async (request, reply) => {
    rateLimit(rt.limiters.signInSignUps, request)
    const auth = await requireUser(rt, request)
    return reply.send(await updateUser(rt, request, auth))
  })

  app.post('/logout', async (request, reply) => {
    const raw = queryParam(request, 'scope')
    if (!['', 'global', 'local', 'others'].includes(raw)) {
      throw ERRORS.validationFailed(`Unsupported logout scope ${JSON.stringify(raw)}`)
    }
    const scope = (raw === '' ? 'global' : raw) as 'global' | 'local' | 'others'
    const auth = await requireUser(rt, request)
    await authTx(rt.ctx.db, (tx) => deleteSessions(tx, auth.user.id, scope, auth.sessionId))
    return reply.code(204).send()
  })

  app.get('/reauthenticate', async (request, reply) => {
    const auth = await requireUser(rt, request)
    const user = auth.user
    if (!user.email && !user.phone) {
      throw ERRORS.validationFailed(
        'Reauthentication requires the user to have an email or a phone number'
      )
    }
    if (!user.email) throw ERRORS.phoneProviderDisabled('Unsupported phone provider')
    if (!isConfirmed(user)) {
      throw ERRORS.emailNotConfirmed('Please verify your email first.', 422)
    }
    await authTx(rt.ctx.db, (tx) => sendReauthentication(rt, tx, user))
    return reply.send({})
  })
}

async function updateUser(rt: AuthRuntime, request: FastifyRequest, auth: Authenticated) {
  const params = readParams(rawBody(request), USER_UPDATE_PARAMS)
  const settings = rt.settings
  const user = auth.user
  const email = params.email !== '' ? validateEmail(params.email) : ''
  if (params.password !== undefined) assertPasswordStrength(params.password, settings)
  if (params.app_metadata !== undefined && !settings.adminRoles.includes(user.role ?? '')) {
    throw ERRORS.notAdmin('Updating app_metadata requires admin privileges')
  }
  const changingCredentials =
    (params.password !== undefined && params.password !== '') ||
    (email !== '' && email !== (user.email ?? '')) ||
    (params.phone !== '' && params.phone !== (user.phone ?? ''))
  if (changingCredentials) await requireAal2IfMfa(rt, auth)
  if (user.is_anonymous && params.password !== undefined && email === '' && params.phone === '') {
    throw ERRORS.validationFailed(
      'Updating password of an anonymous user without an email or phone is not allowed',
      422
    )
  }
  if (params.phone !== '' && params.phone !== (user.phone ?? '')) {
    throw ERRORS.phoneProviderDisabled('Unsupported phone provider')
  }
  validatePkceParams(params.code_challenge_method, params.code_challenge)
  const aud = requestAud(rt, request, auth.claims)
  const changingEmail = email !== '' && email !== (user.email ?? '')
  if (changingEmail) {
    const duplicate = await authTx(rt.ctx.db, (tx) => findDuplicateEmail(tx, email, aud, user.id))
    if (duplicate) throw ERRORS.emailExists(DUPLICATE_EMAIL)
  }

  let encryptedPassword: string | null = null
  if (params.password !== undefined) {
    await checkReauthentication(rt, auth, params.nonce)
    if (params.password !== '' && hasPassword(user)) {
      await checkCurrentPassword(rt, auth, params.current_password)
      if (await verifyPassword(params.password, user.encrypted_password)) {
        throw ERRORS.samePassword('New password should be different from the old password.')
      }
    }
    encryptedPassword = await hashPassword(params.password)
  }

  const redirectTo = referrer(rt, request)
  const updated = await authTx(rt.ctx.db, async (tx) => {
    const now = new Date()
    let current = (await findUserById(tx, user.id)) as User
    if (encryptedPassword !== null) {
      await setPassword(tx, current, encryptedPassword, auth.sessionId, now)
    }
    if (params.data !== undefined) {
      await patchUser(
        tx,
        user.id,
        { raw_user_meta_data: { json: mergeMetadata(current.raw_user_meta_data, params.data) } },
        now
      )
    }
    if (params.app_metadata !== undefined) {
      await patchUser(
        tx,
        user.id,
        {
          raw_app_meta_data: {
            json: mergeMetadata(current.raw_app_meta_data, params.app_metadata),
          },
        },
        now
      )
    }
    current = (await findUserById(tx, user.id)) as User
    if (changingEmail) {
      if (current.is_anonymous && settings.mailerAutoconfirm) {
        // An anonymous user adding an address is signed up with it at once.
        await patchUser(tx, user.id, { email_change: email }, now)
        await confirmEmailChange(tx, (await findUserById(tx, user.id)) as User, now)
      } else {
        const pkce = params.code_challenge !== ''
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
        await sendEmailChange(rt, tx, current, email, pkce, redirectTo, now)
      }
    }
    return (await findUserById(tx, user.id)) as User
  })
  return userJson(updated)
}

/** GoTrue: with a verified factor, only an aal2 session changes the password, email or phone. */
async function requireAal2IfMfa(rt: AuthRuntime, auth: Authenticated) {
  const { mfa, aal2 } = await authTx(rt.ctx.db, async (tx) => {
    const [row] = await tx<{ mfa: boolean; aal2: boolean }[]>`
      select
        exists (select 1 from auth.mfa_factors f
          where f.user_id = ${auth.user.id} and f.status = 'verified') as mfa,
        exists (select 1 from auth.sessions s
          where s.id = ${auth.sessionId} and s.aal = 'aal2') as aal2`
    return row!
  })
  if (mfa && !aal2) {
    throw ERRORS.insufficientAal(
      'AAL2 session is required to update email or password when MFA is enabled.',
      401
    )
  }
}

/** secure_password_change: a session older than 24 hours needs the emailed nonce. */
async function checkReauthentication(rt: AuthRuntime, auth: Authenticated, nonce: string) {
  if (!rt.settings.passwordChangeNeedsReauthentication) return
  const created = auth.sessionId
    ? await authTx(rt.ctx.db, async (tx) => {
        const rows = await tx<{ created_at: Date }[]>`
          select created_at from auth.sessions where id = ${auth.sessionId}`
        return rows[0]?.created_at ?? null
      })
    : null
  if (created !== null && Date.now() <= new Date(created).getTime() + 24 * 3600 * 1000) return
  if (nonce === '') {
    throw ERRORS.reauthenticationNeeded('Password update requires reauthentication')
  }
  const user = auth.user
  const sentAt = timeOf(user.reauthentication_sent_at)
  if (!user.reauthentication_token || sentAt === null) {
    throw ERRORS.reauthenticationNotValid('Requires reauthentication')
  }
  const expired = Date.now() > sentAt.getTime() + rt.settings.otpExpiry * 1000
  if (expired || tokenHash(user.email ?? '', nonce) !== user.reauthentication_token) {
    throw ERRORS.reauthenticationNotValid('Requires reauthentication')
  }
  await authTx(rt.ctx.db, (tx) =>
    patchUser(
      tx,
      user.id,
      { reauthentication_token: '', reauthentication_sent_at: null },
      new Date()
    )
  )
}

/** GoTrue's Session.IsRecovery(): the session came from an emailed link or code. */
const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery'])

/**
 * update_password_require_current_password (GoTrue's UpdatePasswordRequireCurrentPassword): an
 * account with a password changes it only with that password in `current_password`, unless the
 * session is a recovery one (a reset link's, or any emailed link's or code's), as GoTrue exempts
 * those. Both refusals carry GoTrue's one message; the code tells them apart.
 */
async function checkCurrentPassword(
  rt: AuthRuntime,
  auth: Authenticated,
  current: string | undefined
) {
  if (!rt.settings.passwordChangeNeedsCurrentPassword) return
  const amr = auth.sessionId ? await authTx(rt.ctx.db, (tx) => amrOf(tx, auth.sessionId!)) : []
  if (amr.some((entry) => RECOVERY_METHODS.has(entry.method))) return
  const message = 'Current password required when setting new password.'
  if (current === undefined || current === '') throw ERRORS.currentPasswordRequired(message)
  if (!(await verifyPassword(current, auth.user.encrypted_password))) {
    throw ERRORS.currentPasswordInvalid(message)
  }
}
