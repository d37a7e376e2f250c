// The admin API's writes to an account (service_role): create and update (ban, metadata, password,
// email), as GoTrue's admin.go. POST and PUT /admin/users (routes/admin-users.ts) call them.
import { randomUUID } from 'node:crypto'
import { confirmUser, setPassword, updateProviders } from '../verification/account-verify.ts'
import { authTx } from '../db.ts'
import type { Tx } from '../db.ts'
import { DUPLICATE_EMAIL, ERRORS, isDatabaseError } from '../errors.ts'
import { parseGoDuration } from '../go-duration.ts'
import type { Params } from '../http/params.ts'
import {
  assertHashable,
  assertPasswordStrength,
  hashPassword,
  isSupportedHash,
} from './password.ts'
import { isUuid } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { randomPassword } from '../secrets.ts'
import {
  findDuplicateEmail,
  findUserById,
  insertIdentity,
  insertUser,
  mergeMetadata,
  patchIdentity,
  patchUser,
} from './user-store.ts'
import { userJson } from './user-json.ts'
import type { User } from './user-json.ts'
import { validateEmail } from '../http/validate.ts'
import { emailClaims } from './create-user.ts'

export const ADMIN_USER_PARAMS = {
  struct: 'AdminUserParams',
  fields: {
    id: 'string',
    aud: 'string',
    role: 'string',
    email: 'string',
    phone: 'string',
    password: 'string?',
    password_hash: 'string',
    email_confirm: 'bool',
    phone_confirm: 'bool',
    user_metadata: 'object',
    app_metadata: 'object',
    ban_duration: 'string',
  },
} as const

type AdminUserParams = Params<typeof ADMIN_USER_PARAMS>

/** Columns of auth.users that are varchar(255). */
function assertColumnLength(name: string, value: string): void {
  if (value.length > 255) {
    throw ERRORS.validationFailed(`${name} cannot be longer than 255 characters`)
  }
}

function banUntil(duration: string): Date | null | undefined {
  if (duration === '') return undefined
  if (duration === 'none') return null
  const parsed = parseGoDuration(duration)
  if (!parsed.ok) {
    throw ERRORS.validationFailed(`invalid format for ban duration: ${parsed.message}`)
  }
  return parsed.ms === 0 ? null : new Date(Date.now() + parsed.ms)
}

export async function createUser(
  rt: AuthRuntime,
  params: AdminUserParams,
  requestAudience: string
) {
  const aud = params.aud !== '' ? params.aud : requestAudience
  assertColumnLength('aud', aud)
  assertColumnLength('role', params.role)
  if (params.email === '' && params.phone === '') {
    throw ERRORS.validationFailed('Cannot create a user without either an email or phone')
  }
  if (params.phone !== '') {
    throw ERRORS.phoneProviderDisabled('Phone signups are disabled')
  }
  const email = validateEmail(params.email)
  const duplicate = await authTx(rt.ctx.db, (tx) => findDuplicateEmail(tx, email, aud, null))
  if (duplicate) throw ERRORS.emailExists(DUPLICATE_EMAIL)
  if (params.password !== undefined && params.password_hash !== '') {
    throw ERRORS.validationFailed('Only a password or a password hash should be provided')
  }
  let id = randomUUID()
  if (params.id !== '') {
    if (!isUuid(params.id)) {
      throw ERRORS.validationFailed('ID must conform to the uuid v4 format')
    }
    if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(params.id)) {
      throw ERRORS.validationFailed('ID cannot be a nil uuid')
    }
    id = params.id.toLowerCase() as typeof id
  }
  let encryptedPassword: string
  if (params.password_hash !== '') {
    if (!isSupportedHash(params.password_hash)) {
      throw ERRORS.validationFailed('Invalid password hash format')
    }
    encryptedPassword = params.password_hash
  } else {
    const password = params.password || randomPassword()
    assertHashable(password)
    encryptedPassword = await hashPassword(password)
  }
  const ban = banUntil(params.ban_duration)
  const now = new Date()
  const user = await authTx(rt.ctx.db, async (tx) => {
    try {
      await insertUser(tx, {
        id,
        aud,
        role: params.role !== '' ? params.role : 'authenticated',
        email,
        encryptedPassword,
        userMetadata: params.user_metadata ?? {},
        appMetadata: mergeMetadata(
          { provider: 'email', providers: ['email'] },
          params.app_metadata ?? {}
        ),
        now,
      })
      await insertIdentity(tx, id, 'email', id, { ...emailClaims(email), sub: id }, now)
    } catch (error) {
      if (isDatabaseError(error))
        throw ERRORS.unexpectedFailure('Database error creating new user', error)
      throw error
    }
    if (params.email_confirm) await confirmUser(tx, (await findUserById(tx, id)) as User, now)
    if (ban !== undefined) await patchUser(tx, id, { banned_until: ban }, now)
    return (await findUserById(tx, id)) as User
  })
  return userJson(user)
}

export async function updateUser(
  rt: AuthRuntime,
  user: User,
  params: AdminUserParams,
  aud: string
) {
  assertColumnLength('role', params.role)
  const email = params.email !== '' ? validateEmail(params.email) : ''
  if (params.phone !== '') {
    throw ERRORS.phoneProviderDisabled('Phone signups are disabled')
  }
  const ban = banUntil(params.ban_duration)
  let encryptedPassword: string | null = null
  if (params.password !== undefined) {
    assertPasswordStrength(params.password, rt.settings)
    encryptedPassword = await hashPassword(params.password)
  }
  if (email !== '' && email !== (user.email ?? '')) {
    const duplicate = await authTx(rt.ctx.db, (tx) => findDuplicateEmail(tx, email, aud, user.id))
    if (duplicate) throw ERRORS.emailExists(DUPLICATE_EMAIL)
  }
  const updated = await authTx(rt.ctx.db, async (tx) => {
    try {
      return await applyAdminUpdate(tx, user, params, email, encryptedPassword, ban)
    } catch (error) {
      if (isDatabaseError(error)) throw ERRORS.unexpectedFailure('Error updating user', error)
      throw error
    }
  })
  return userJson(updated)
}

async function applyAdminUpdate(
  tx: Tx,
  user: User,
  params: AdminUserParams,
  email: string,
  encryptedPassword: string | null,
  ban: Date | null | undefined
): Promise<User> {
  const now = new Date()
  const id = user.id
  const reload = async () => (await findUserById(tx, id)) as User
  if (params.role !== '') await patchUser(tx, id, { role: params.role }, now)
  if (params.email_confirm) await confirmUser(tx, await reload(), now)
  if (encryptedPassword !== null)
    await setPassword(tx, await reload(), encryptedPassword, null, now)
  if (email !== '') {
    const current = await reload()
    const identity = current.identities.find((i) => i.provider === 'email')
    if (identity) {
      await patchIdentity(
        tx,
        identity.id,
        {
          identity_data: {
            json: {
              ...(identity.identity_data ?? {}),
              email,
              email_verified: params.email_confirm,
            },
          },
        },
        now
      )
    } else {
      await insertIdentity(
        tx,
        id,
        'email',
        id,
        { ...emailClaims(email, params.email_confirm), sub: id },
        now
      )
    }
    if (current.is_anonymous && params.email_confirm) {
      await patchUser(tx, id, { is_anonymous: false }, now)
    }
    await patchUser(tx, id, { email }, now)
    if (!identity) await updateProviders(tx, await reload(), now)
  }
  if (params.app_metadata !== undefined) {
    const current = await reload()
    await patchUser(
      tx,
      id,
      {
        raw_app_meta_data: { json: mergeMetadata(current.raw_app_meta_data, params.app_metadata) },
      },
      now
    )
  }
  if (params.user_metadata !== undefined) {
    const current = await reload()
    await patchUser(
      tx,
      id,
      {
        raw_user_meta_data: {
          json: mergeMetadata(current.raw_user_meta_data, params.user_metadata),
        },
      },
      now
    )
  }
  if (ban !== undefined) await patchUser(tx, id, { banned_until: ban }, now)
  return reload()
}
