// What following an emailed link (or entering its OTP) does to the account, as GoTrue's verify
// handlers do: confirm a sign-up or invite, consume a recovery or magic link, or confirm one or
// both legs of an email change.
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { clearAllOneTimeTokens, clearOneTimeToken } from './one-time-tokens.ts'
import { hashPassword } from '../users/password.ts'
import { PKCE_PREFIX, randomPassword } from '../secrets.ts'
import { deleteSessions } from '../sessions/session-store.ts'
import {
  findUserById,
  insertIdentity,
  mergeMetadata,
  patchIdentity,
  patchUser,
  providersOf,
} from '../users/user-store.ts'
import { hasPassword, isConfirmed } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'

async function reload(tx: Tx, userId: string): Promise<User> {
  const user = await findUserById(tx, userId)
  if (!user) throw ERRORS.unexpectedFailure('Database error finding user')
  return user
}

/** GoTrue's User.Confirm: email confirmed, email_verified in the metadata, tokens cleared. */
export async function confirmUser(tx: Tx, user: User, now: Date): Promise<User> {
  await patchUser(
    tx,
    user.id,
    {
      confirmation_token: '',
      email_confirmed_at: now,
      raw_user_meta_data: {
        json: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
      },
    },
    now
  )
  await clearAllOneTimeTokens(tx, user.id)
  return reload(tx, user.id)
}

/** The password-clearing side of GoTrue's UpdatePassword: every pending token is dropped. */
export async function setPassword(
  tx: Tx,
  user: User,
  encryptedPassword: string,
  keepSessionId: string | null,
  now: Date
): Promise<void> {
  await patchUser(
    tx,
    user.id,
    {
      encrypted_password: encryptedPassword,
      confirmation_token: '',
      confirmation_sent_at: null,
      recovery_token: '',
      recovery_sent_at: null,
      email_change_token_current: '',
      email_change_token_new: '',
      email_change_sent_at: null,
      phone_change_token: '',
      phone_change_sent_at: null,
      reauthentication_token: '',
      reauthentication_sent_at: null,
    },
    now
  )
  await clearAllOneTimeTokens(tx, user.id)
  // A new password signs the user out everywhere else.
  await deleteSessions(tx, user.id, keepSessionId ? 'others' : 'global', keepSessionId)
}

/** Sign-up or invite confirmed. An invited user without a password gets a random one. */
export async function signupVerify(tx: Tx, user: User, now: Date): Promise<User> {
  if (!hasPassword(user) && user.invited_at !== null) {
    await setPassword(tx, user, await hashPassword(randomPassword()), null, now)
    user = await reload(tx, user.id)
  }
  user = await confirmUser(tx, user, now)
  for (const identity of user.identities) {
    if (!identity.email || !user.email || identity.email !== user.email.toLowerCase()) continue
    await patchIdentity(
      tx,
      identity.id,
      { identity_data: { json: { ...(identity.identity_data ?? {}), email_verified: true } } },
      now
    )
  }
  return reload(tx, user.id)
}

/** A recovery or magic link consumed: the token is spent, an unconfirmed address confirmed. */
export async function recoverVerify(tx: Tx, user: User, now: Date): Promise<User> {
  await patchUser(tx, user.id, { recovery_token: '' }, now)
  await clearAllOneTimeTokens(tx, user.id)
  const fresh = await reload(tx, user.id)
  return isConfirmed(fresh) ? fresh : confirmUser(tx, fresh, now)
}

export interface EmailChangeSettings {
  mailerAutoconfirm: boolean
  secureEmailChange: boolean
}

/**
 * One leg of an email change. With secure email change and nothing confirmed yet, the first leg
 * only records itself and returns null; otherwise the address changes.
 */
export async function emailChangeVerify(
  tx: Tx,
  user: User,
  tokenHash: string,
  settings: EmailChangeSettings,
  now: Date
): Promise<User | null> {
  if (
    !settings.mailerAutoconfirm &&
    settings.secureEmailChange &&
    (user.email_change_confirm_status ?? 0) === 0 &&
    (user.email ?? '') !== ''
  ) {
    const patch: Record<string, string | number> = { email_change_confirm_status: 1 }
    const matches = (stored: string | null) =>
      stored !== null &&
      stored !== '' &&
      (stored === tokenHash || stored === PKCE_PREFIX + tokenHash)
    if (matches(user.email_change_token_current)) {
      patch.email_change_token_current = ''
      await clearOneTimeToken(tx, user.id, 'email_change_token_current')
    } else if (matches(user.email_change_token_new)) {
      patch.email_change_token_new = ''
      await clearOneTimeToken(tx, user.id, 'email_change_token_new')
    }
    await patchUser(tx, user.id, patch, now)
    return null
  }
  return confirmEmailChange(tx, user, now)
}

/** GoTrue's ConfirmEmailChange: the new address becomes the user's (and its email identity's). */
export async function confirmEmailChange(tx: Tx, user: User, now: Date): Promise<User> {
  const email = user.email_change ?? ''
  await patchUser(
    tx,
    user.id,
    {
      email,
      email_change: '',
      email_change_token_current: '',
      email_change_token_new: '',
      email_change_confirm_status: 0,
      is_anonymous: false,
    },
    now
  )
  await clearAllOneTimeTokens(tx, user.id)
  let fresh = await reload(tx, user.id)
  if (!isConfirmed(fresh)) fresh = await confirmUser(tx, fresh, now)
  const identity = fresh.identities.find((i) => i.provider === 'email')
  if (identity) {
    if (identity.identity_data && 'email' in identity.identity_data) {
      await patchIdentity(
        tx,
        identity.id,
        { identity_data: { json: { ...identity.identity_data, email } } },
        now
      )
    }
  } else {
    // An anonymous user who adds an address becomes an email user.
    await insertIdentity(
      tx,
      fresh.id,
      'email',
      fresh.id,
      { sub: fresh.id, email, email_verified: true, phone_verified: false },
      now
    )
    fresh = await reload(tx, fresh.id)
    await updateProviders(tx, fresh, now)
  }
  return reload(tx, user.id)
}

/** GoTrue's UpdateAppMetaDataProviders: provider/providers from the user's identities. */
export async function updateProviders(tx: Tx, user: User, now: Date): Promise<void> {
  const providers = providersOf(user)
  const updates: Record<string, unknown> = { providers }
  if (providers.length > 0) updates.provider = providers[0]
  await patchUser(
    tx,
    user.id,
    { raw_app_meta_data: { json: mergeMetadata(user.raw_app_meta_data, updates) } },
    now
  )
}
