// What every Auth handler works with: the stack context, the derived settings, the rate limiters
// and the mailer of this stack's Auth service.
import type { StackContext } from '../context.ts'
import type { Mailer } from './mail/mailer.ts'
import type { AuthLimiters } from './http/rate-limit.ts'
import type { AuthSettings } from './settings.ts'

export interface AuthRuntime {
  ctx: StackContext
  settings: AuthSettings
  limiters: AuthLimiters
  mailer: Mailer
}

/** The JWT issuer and the base of emailed links: the public URL of /auth/v1. */
export function authUrl(rt: AuthRuntime): string {
  return `${rt.ctx.publicUrl}/auth/v1`
}

/** Go's url.QueryEscape. */
export function goQueryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** GoTrue's encodeRedirectURL: escaped only when it would break the link's query. */
export function encodeRedirectUrl(url: string): string {
  return /[&=#]/.test(url) ? goQueryEscape(url) : url
}

/** The link an email carries: /verify with the hashed token, its type and where to go next. */
export function verificationLink(
  rt: AuthRuntime,
  token: string,
  type: string,
  redirectTo: string
): string {
  return (
    `${authUrl(rt)}/verify?token=${goQueryEscape(token)}&type=${goQueryEscape(type)}` +
    `&redirect_to=${encodeRedirectUrl(redirectTo)}`
  )
}
