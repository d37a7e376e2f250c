// Deleting users as GoTrue does. Hard: the row goes (identities and sessions cascade, and so do an
// app's foreign keys declared on delete cascade). Soft: the row stays, marked deleted_at, with its
// email, phone and identities' provider ids replaced by one-way hashes so that they are free again,
// metadata emptied and every session ended.
import type { Tx } from '../db.ts'
import { ERRORS, isDatabaseError } from '../errors.ts'
import { clearAllOneTimeTokens } from '../verification/one-time-tokens.ts'
import { obfuscate } from '../secrets.ts'
import { deleteSessions } from '../sessions/session-store.ts'
import { deleteUser, patchUser } from './user-store.ts'
import type { User } from './user-json.ts'

export async function deleteUserHard(tx: Tx, userId: string): Promise<void> {
  try {
    await deleteUser(tx, userId)
  } catch (error) {
    if (isDatabaseError(error))
      throw ERRORS.unexpectedFailure('Database error deleting user', error)
    throw error
  }
}

export async function softDeleteUser(tx: Tx, user: User, now: Date): Promise<void> {
  const hideEmail = (value: string | null) => obfuscate(user.id, value ?? '')
  const hidePhone = (value: string | null) => obfuscate(user.id, value ?? '').slice(0, 15)
  await patchUser(
    tx,
    user.id,
    {
      email: hideEmail(user.email),
      phone: hidePhone(user.phone),
      email_change: hideEmail(user.email_change),
      phone_change: hidePhone(user.phone_change),
      encrypted_password: null,
      confirmation_token: '',
      recovery_token: '',
      email_change_token_current: '',
      email_change_token_new: '',
      phone_change_token: '',
      deleted_at: now,
      raw_user_meta_data: { json: {} },
      raw_app_meta_data: { json: {} },
    },
    now
  )
  await clearAllOneTimeTokens(tx, user.id)
  for (const identity of user.identities) {
    await tx`
      update auth.identities set provider_id = ${obfuscate(
        user.id,
        `${identity.provider}:${identity.provider_id}`
      )}
      where id = ${identity.id}
    `
  }
  await tx`delete from auth.mfa_factors where user_id = ${user.id}`
  await deleteSessions(tx, user.id, 'global', null)
}
