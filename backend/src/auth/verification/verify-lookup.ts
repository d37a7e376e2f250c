// Finding the account a verification refers to, as GoTrue's verifyTokenHash and
// verifyUserAndToken do: by token hash (emailed links) or by address and OTP (codes typed in), with
// the expiry of otp_expiry seconds after the token was sent.
import { quoteIdentifier } from '../../db/scope.ts'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { findOneTimeTokenUser } from './one-time-tokens.ts'
import type { OneTimeTokenType } from './one-time-tokens.ts'
import { PKCE_PREFIX, tokenHash } from '../secrets.ts'
import { findUserByEmail, findUserById } from '../users/user-store.ts'
import { isBanned, timeOf } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'

export type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change'

interface LookupSettings {
  otpExpiry: number
  secureEmailChange: boolean
}

const LINK_INVALID = 'Email link is invalid or has expired'
const OTP_INVALID = 'Token has expired or is invalid'

const TOKEN_TYPES: Record<string, OneTimeTokenType[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
}

const USER_COLUMN: Record<OneTimeTokenType, keyof User> = {
  confirmation_token: 'confirmation_token',
  recovery_token: 'recovery_token',
  email_change_token_current: 'email_change_token_current',
  email_change_token_new: 'email_change_token_new',
  reauthentication_token: 'reauthentication_token',
  phone_change_token: 'phone_change_token',
}

function isExpired(sentAt: string | null, otpExpiry: number, now: number): boolean {
  const at = timeOf(sentAt)
  return at === null || now > at.getTime() + otpExpiry * 1000
}

/** The type actually verified and the send time that bounds it. */
function resolveType(
  user: User,
  type: string,
  hash: string
): { type: VerifyType; sentAt: string | null } {
  switch (type) {
    case 'email':
      return user.recovery_token === hash
        ? { type: 'magiclink', sentAt: user.recovery_sent_at }
        : { type: 'signup', sentAt: user.confirmation_sent_at }
    case 'signup':
    case 'invite':
      return { type, sentAt: user.confirmation_sent_at }
    case 'recovery':
    case 'magiclink':
      return { type, sentAt: user.recovery_sent_at }
    default:
      return { type: 'email_change', sentAt: user.email_change_sent_at }
  }
}

async function userByHash(tx: Tx, hash: string, types: OneTimeTokenType[]): Promise<User | null> {
  const owner = await findOneTimeTokenUser(tx, hash, types)
  if (owner) return findUserById(tx, owner.userId)
  // Tokens written straight into auth.users (older tooling) are found by their column.
  for (const type of types) {
    const column = USER_COLUMN[type]
    const rows = await tx.unsafe(
      `select id from auth.users where ${quoteIdentifier(column)} = $1 limit 1`,
      [hash]
    )
    const id = (rows[0] as { id?: string } | undefined)?.id
    if (id) return findUserById(tx, id)
  }
  return null
}

/** An emailed link's token hash (GET /verify, or POST /verify with token_hash). */
export async function findByTokenHash(
  tx: Tx,
  settings: LookupSettings,
  type: string,
  hash: string,
  now = Date.now()
): Promise<{ user: User; type: VerifyType }> {
  const types = TOKEN_TYPES[type]
  if (!types) throw ERRORS.validationFailed('Invalid email verification type')
  const user = await userByHash(tx, hash, types)
  if (!user) throw ERRORS.otpExpired(LINK_INVALID)
  if (isBanned(user)) throw ERRORS.userBanned('User is banned', 403)
  const resolved = resolveType(user, type, hash)
  if (isExpired(resolved.sentAt, settings.otpExpiry, now)) {
    throw ERRORS.otpExpired(LINK_INVALID)
  }
  return { user, type: resolved.type }
}

function otpMatches(hash: string, expected: string | null): boolean {
  return (
    expected !== null && expected !== '' && (hash === expected || PKCE_PREFIX + hash === expected)
  )
}

/** A code typed in (POST /verify with email and token). */
export async function findByEmailAndOtp(
  tx: Tx,
  settings: LookupSettings,
  type: string,
  email: string,
  otp: string,
  aud: string,
  now = Date.now()
): Promise<{ user: User; type: VerifyType }> {
  if (!TOKEN_TYPES[type]) throw ERRORS.validationFailed('Invalid email verification type')
  const hash = tokenHash(email, otp)
  let user: User | null
  if (type === 'email_change') {
    user = await findEmailChangeUser(tx, settings, email, hash, aud)
  } else {
    user = await findUserByEmail(tx, email, aud)
  }
  if (!user) throw ERRORS.otpExpired(OTP_INVALID)
  if (isBanned(user)) throw ERRORS.userBanned('User is banned', 403)
  const valid = (expected: string | null, sentAt: string | null) =>
    !isExpired(sentAt, settings.otpExpiry, now) && otpMatches(hash, expected)
  let resolved: VerifyType | null = null
  switch (type) {
    case 'email':
      if (valid(user.confirmation_token, user.confirmation_sent_at)) resolved = 'signup'
      else if (valid(user.recovery_token, user.recovery_sent_at)) resolved = 'magiclink'
      break
    case 'signup':
    case 'invite':
      if (valid(user.confirmation_token, user.confirmation_sent_at)) resolved = type
      break
    case 'recovery':
    case 'magiclink':
      if (valid(user.recovery_token, user.recovery_sent_at)) resolved = type
      break
    case 'email_change':
      if (
        valid(user.email_change_token_current, user.email_change_sent_at) ||
        valid(user.email_change_token_new, user.email_change_sent_at)
      ) {
        resolved = 'email_change'
      }
      break
  }
  if (resolved === null) throw ERRORS.otpExpired(OTP_INVALID)
  return { user, type: resolved }
}

/** GoTrue's FindUserForEmailChange: the current address's leg first, then the new address's. */
async function findEmailChangeUser(
  tx: Tx,
  settings: LookupSettings,
  email: string,
  hash: string,
  aud: string
): Promise<User | null> {
  const candidates = [hash, PKCE_PREFIX + hash]
  if (settings.secureEmailChange) {
    const rows = await tx<{ id: string }[]>`
      select id from auth.users
      where lower(email) = lower(${email}) and aud = ${aud} and is_sso_user = false
        and email_change_token_current = any(${candidates})
      limit 1`
    if (rows[0]) return findUserById(tx, rows[0].id)
  }
  const rows = await tx<{ id: string }[]>`
    select id from auth.users
    where lower(email_change) = lower(${email}) and aud = ${aud} and is_sso_user = false
      and email_change_token_new = any(${candidates})
    limit 1`
  return rows[0] ? findUserById(tx, rows[0].id) : null
}
