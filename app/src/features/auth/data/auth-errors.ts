// Auth's refusals in a person's words, in the app's language (issue 68, item 1): the sign-in,
// sign-up, forgot and reset forms show these instead of GoTrue's English messages ("User already
// registered", "Email rate limit exceeded"), found by Auth's error code. A code not listed here
// keeps cleanError's wording.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const ALREADY = msg`An account with this email already exists. Sign in, or reset your password.`

const SENTENCES: Record<string, MessageDescriptor> = {
  invalid_credentials: msg`That email and password do not match. Check them, or reset your password.`,
  email_not_confirmed: msg`Confirm your email first: open the link we sent you.`,
  user_already_exists: ALREADY,
  email_exists: ALREADY,
  weak_password: msg`That password is too easy to guess. Choose a longer one.`,
  same_password: msg`Choose a password different from the one you have now.`,
  email_address_invalid: msg`That email address cannot be used. Check it, or use another one.`,
  over_email_send_rate_limit: msg`Too many emails went to this address. Wait a few minutes, then try again.`,
  over_request_rate_limit: msg`Too many attempts. Wait a minute, then try again.`,
  signup_disabled: msg`New accounts are turned off on this server. Ask its owner for an invitation.`,
  user_banned: msg`This account is suspended. Ask the workspace's owner.`,
}

/** Auth's refusal as a sentence for people, or null for a refusal with no sentence here. */
export function authSentence(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  const sentence = typeof code === 'string' ? SENTENCES[code] : undefined
  return sentence ? i18n._(sentence) : null
}
