// The emails of the account flows, each as GoTrue sends it: a fresh OTP, its hash stored on the
// user (prefixed pkce_ in the PKCE flow) and in auth.one_time_tokens, the send time for the
// per-address frequency limit, and the message with a /verify link. All in the caller's transaction,
// so a failed send leaves the user as it was.
import type { Tx } from '../db.ts'
import { frequencyLimit } from '../errors.ts'
import { createOneTimeToken } from './one-time-tokens.ts'
import type { AuthRuntime } from '../runtime.ts'
import { verificationLink } from '../runtime.ts'
import { generateOtp, tokenHash, withFlowPrefix } from '../secrets.ts'
import { patchUser } from '../users/user-store.ts'
import { timeOf } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'

function checkFrequency(rt: AuthRuntime, sentAt: string | null, now: Date): void {
  const at = timeOf(sentAt)
  if (at && at.getTime() + rt.settings.maxFrequency > now.getTime()) {
    throw frequencyLimit(at, rt.settings.maxFrequency, now.getTime())
  }
}

function templateData(rt: AuthRuntime, user: User, extra: Record<string, unknown>) {
  return {
    SiteURL: rt.settings.siteUrl,
    Email: user.email ?? '',
    Data: user.raw_user_meta_data ?? {},
    ...extra,
  }
}

/** Signup confirmation (also the resend of one). */
export async function sendConfirmation(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  pkce: boolean,
  redirectTo: string,
  now = new Date()
): Promise<void> {
  checkFrequency(rt, user.confirmation_sent_at, now)
  const email = user.email ?? ''
  const otp = generateOtp(rt.settings.otpLength)
  const token = withFlowPrefix(tokenHash(email, otp), pkce)
  await patchUser(tx, user.id, { confirmation_token: token, confirmation_sent_at: now }, now)
  await createOneTimeToken(tx, user.id, email, token, 'confirmation_token')
  await rt.mailer.send(
    'confirmation',
    email,
    templateData(rt, user, {
      ConfirmationURL: verificationLink(rt, token, 'signup', redirectTo),
      Token: otp,
      TokenHash: token,
      RedirectTo: redirectTo,
      SendingTo: email,
    })
  )
}

/** An invitation (admin invite). Not subject to the frequency limit. */
export async function sendInvite(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  redirectTo: string,
  now = new Date()
): Promise<void> {
  const email = user.email ?? ''
  const otp = generateOtp(rt.settings.otpLength)
  const token = tokenHash(email, otp)
  await patchUser(
    tx,
    user.id,
    { confirmation_token: token, confirmation_sent_at: now, invited_at: now },
    now
  )
  await createOneTimeToken(tx, user.id, email, token, 'confirmation_token')
  await rt.mailer.send(
    'invite',
    email,
    templateData(rt, user, {
      ConfirmationURL: verificationLink(rt, token, 'invite', redirectTo),
      Token: otp,
      TokenHash: token,
      RedirectTo: redirectTo,
      SendingTo: email,
    })
  )
}

/** A magic link (type magiclink) or a password recovery link (type recovery). */
export async function sendRecoveryKind(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  kind: 'magiclink' | 'recovery',
  pkce: boolean,
  redirectTo: string,
  now = new Date()
): Promise<void> {
  // Magic links reuse the recovery token and its timer, as in GoTrue.
  checkFrequency(rt, user.recovery_sent_at, now)
  const email = user.email ?? ''
  const otp = generateOtp(rt.settings.otpLength)
  const token = withFlowPrefix(tokenHash(email, otp), pkce)
  await patchUser(tx, user.id, { recovery_token: token, recovery_sent_at: now }, now)
  await createOneTimeToken(tx, user.id, email, token, 'recovery_token')
  await rt.mailer.send(
    kind === 'magiclink' ? 'magic_link' : 'recovery',
    email,
    templateData(rt, user, {
      ConfirmationURL: verificationLink(rt, token, kind, redirectTo),
      Token: otp,
      TokenHash: token,
      RedirectTo: redirectTo,
      SendingTo: email,
    })
  )
}

/**
 * An email change: a link to the new address and, with secure email change, another to the
 * current one. Both must be followed before the address changes.
 */
export async function sendEmailChange(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  newEmail: string,
  pkce: boolean,
  redirectTo: string,
  now = new Date()
): Promise<void> {
  checkFrequency(rt, user.email_change_sent_at, now)
  const currentEmail = user.email ?? ''
  const otpNew = generateOtp(rt.settings.otpLength)
  const tokenNew = withFlowPrefix(tokenHash(newEmail, otpNew), pkce)
  let otpCurrent = ''
  let tokenCurrent = ''
  if (rt.settings.secureEmailChange && currentEmail !== '') {
    otpCurrent = generateOtp(rt.settings.otpLength)
    tokenCurrent = withFlowPrefix(tokenHash(currentEmail, otpCurrent), pkce)
  }
  await patchUser(
    tx,
    user.id,
    {
      email_change: newEmail,
      email_change_token_new: tokenNew,
      email_change_token_current: tokenCurrent,
      email_change_sent_at: now,
      email_change_confirm_status: 0,
    },
    now
  )
  if (tokenCurrent !== '') {
    await createOneTimeToken(tx, user.id, currentEmail, tokenCurrent, 'email_change_token_current')
  }
  await createOneTimeToken(tx, user.id, newEmail, tokenNew, 'email_change_token_new')
  const messages = [{ to: newEmail, otp: otpNew, token: tokenNew }]
  if (tokenCurrent !== '') messages.push({ to: currentEmail, otp: otpCurrent, token: tokenCurrent })
  for (const message of messages) {
    await rt.mailer.send(
      'email_change',
      message.to,
      templateData(rt, user, {
        ConfirmationURL: verificationLink(rt, message.token, 'email_change', redirectTo),
        NewEmail: newEmail,
        Token: message.otp,
        TokenHash: message.token,
        RedirectTo: redirectTo,
        SendingTo: message.to,
      })
    )
  }
}

/** The nonce a password change asks for when secure_password_change is on. */
export async function sendReauthentication(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  now = new Date()
): Promise<void> {
  checkFrequency(rt, user.reauthentication_sent_at, now)
  const email = user.email ?? ''
  const otp = generateOtp(rt.settings.otpLength)
  const token = tokenHash(email, otp)
  await patchUser(
    tx,
    user.id,
    { reauthentication_token: token, reauthentication_sent_at: now },
    now
  )
  await createOneTimeToken(tx, user.id, email, token, 'reauthentication_token')
  await rt.mailer.send(
    'reauthentication',
    email,
    templateData(rt, user, { Token: otp, SendingTo: email })
  )
}
