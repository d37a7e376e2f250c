// What a sign-in, confirmation or recovery link that did not work says in the address GoTrue
// redirects to (`#error=access_denied&error_code=otp_expired&error_description=…`, or the same in
// the query for PKCE): read once, in words a person understands, and taken off the address.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'

export interface LinkError {
  code: string
  message: string
}

const MESSAGES: Record<string, MessageDescriptor> = {
  otp_expired: msg`That link was already used or has expired. Enter your email to get a new sign-in link.`,
  flow_state_expired: msg`That link has expired. Enter your email to get a new sign-in link.`,
  flow_state_not_found: msg`That link was already used. Enter your email to get a new sign-in link.`,
}

/** The link error in this address, if any. */
export function linkErrorIn(url: URL): LinkError | null {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  const params = hash.has('error') || hash.has('error_code') ? hash : url.searchParams
  if (!params.has('error') && !params.has('error_code')) return null
  const code = params.get('error_code') ?? params.get('error') ?? 'unknown'
  const description = params.get('error_description')
  const known = MESSAGES[code]
  let message: string
  if (known) message = i18n._(known)
  else if (description) message = t`${description}. Enter your email to get a new sign-in link.`
  else message = t`That link did not work. Enter your email to get a new sign-in link.`
  return { code, message }
}

/** Takes the link error's parameters off the current address (no new history entry). */
export function clearLinkError(): void {
  const url = new URL(window.location.href)
  const keys = ['error', 'error_code', 'error_description']
  for (const key of keys) url.searchParams.delete(key)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  for (const key of keys) hash.delete(key)
  url.hash = hash.toString()
  window.history.replaceState(window.history.state, '', url.toString())
}
