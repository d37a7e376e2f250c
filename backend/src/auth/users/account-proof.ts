// PUT /user's proofs (routes/user.ts): the emailed nonce of secure_password_change, and the
// recent proof update_password_require_current_password asks of a password or email change
// (users/recent-proof.ts says what counts).
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import type { Authenticated } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { tokenHash } from '../secrets.ts'
import { amrOf } from '../sessions/session-store.ts'
import { verifyPassword } from './password.ts'
import { freshEmailedProof, freshSecondFactor } from './recent-proof.ts'
import { patchUser } from './user-store.ts'
import { hasPassword, timeOf } from './user-json.ts'

/**
 * secure_password_change: a session older than 24 hours needs the emailed nonce. True when the
 * nonce was checked (and used up) here.
 */
export async function checkReauthentication(
  rt: AuthRuntime,
  auth: Authenticated,
  nonce: string
): Promise<boolean> {
  if (!rt.settings.passwordChangeNeedsReauthentication) return false
  const created = auth.sessionId
    ? await authTx(rt.ctx.db, async (tx) => {
        const rows = await tx<{ created_at: Date }[]>`
          select created_at from auth.sessions where id = ${auth.sessionId}`
        return rows[0]?.created_at ?? null
      })
    : null
  if (created !== null && Date.now() <= new Date(created).getTime() + 24 * 3600 * 1000) return false
  if (nonce === '') {
    throw ERRORS.reauthenticationNeeded('Password update requires reauthentication')
  }
  await useNonce(rt, auth, nonce)
  return true
}

/** The nonce GET /reauthenticate emailed: right and not expired, then used up. */
async function useNonce(rt: AuthRuntime, auth: Authenticated, nonce: string) {
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

/**
 * update_password_require_current_password (GoTrue's UpdatePasswordRequireCurrentPassword), as
 * Chorus holds it (users/recent-proof.ts): a password or email change needs a recent proof from
 * every session. A second factor verified, or an emailed link or code used (a reset link's
 * session), within the window is one. Otherwise an account with a password changes its password
 * only with that password in `current_password` (as GoTrue; the nonce does not stand in for it);
 * an email change, or a password set on an account without one, takes the current password or
 * the emailed nonce. The refusals carry GoTrue's codes and messages.
 */
export async function requireRecentProof(
  rt: AuthRuntime,
  auth: Authenticated,
  params: { current_password?: string; nonce: string },
  nonceUsed: boolean,
  change: 'password' | 'email'
) {
  if (!rt.settings.passwordChangeNeedsCurrentPassword) return
  const amr = auth.sessionId ? await authTx(rt.ctx.db, (tx) => amrOf(tx, auth.sessionId!)) : []
  if (freshSecondFactor(amr) || freshEmailedProof(amr)) return
  const user = auth.user
  const current = params.current_password ?? ''
  if (change === 'password' && hasPassword(user)) {
    const message = 'Current password required when setting new password.'
    if (current === '') throw ERRORS.currentPasswordRequired(message)
    if (!(await verifyPassword(current, user.encrypted_password))) {
      throw ERRORS.currentPasswordInvalid(message)
    }
    return
  }
  if (current !== '' && hasPassword(user)) {
    if (!(await verifyPassword(current, user.encrypted_password))) {
      throw ERRORS.currentPasswordInvalid('Current password is not right.')
    }
    return
  }
  if (nonceUsed) return
  if (params.nonce !== '') return useNonce(rt, auth, params.nonce)
  throw ERRORS.reauthenticationNeeded(
    change === 'email'
      ? 'Email update requires reauthentication'
      : 'Password update requires reauthentication'
  )
}
