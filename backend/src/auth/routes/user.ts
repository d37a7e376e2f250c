// The signed-in user's endpoints: GET /user, PUT /user (metadata, password, email change),
// POST /logout and GET /reauthenticate, as GoTrue's user.go, logout.go and reauthenticate.go.
// A password change is guarded as GoTrue guards it: aal2 with a verified factor, the emailed nonce
// for a session older than 24 hours (secure_password_change); with
// update_password_require_current_password, a password or email change needs a recent proof from
// every session (users/recent-proof.ts: the current password, the emailed nonce, or a second
// factor or emailed link used within the window), where GoTrue exempts every session a mailed
// link or code opened.
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
import { deleteSessions } from '../sessions/session-store.ts'
import { findDuplicateEmail, findUserById, mergeMetadata, patchUser } from '../users/user-store.ts'
import { hasPassword, isConfirmed, userJson } from '../users/user-json.ts'
import { checkReauthentication, requireRecentProof } from '../users/account-proof.ts'
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
  let nonceUsed = false
  if (params.password !== undefined) {
    nonceUsed = await checkReauthentication(rt, auth, params.nonce)
    if (params.password !== '') {
      await requireRecentProof(rt, auth, params, nonceUsed, 'password')
      if (hasPassword(user) && (await verifyPassword(params.password, user.encrypted_password))) {
        throw ERRORS.samePassword('New password should be different from the old password.')
      }
    }
    encryptedPassword = await hashPassword(params.password)
  }
  if (changingEmail) await requireRecentProof(rt, auth, params, nonceUsed, 'email')

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
