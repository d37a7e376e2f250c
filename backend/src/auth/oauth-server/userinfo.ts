// GET /oauth/userinfo's claims (GoTrue's oauthserver userinfo): what the session's scopes allow,
// after `sub`: email (email, email_verified), profile (name, picture, preferred_username,
// updated_at, user_metadata), phone (phone, phone_verified).
import type { User } from '../users/user-json.ts'

export function userinfoClaims(user: User, scopes: string[]): Record<string, unknown> {
  const info: Record<string, unknown> = {}
  const meta = user.raw_user_meta_data ?? {}
  const text = (key: string) =>
    typeof meta[key] === 'string' && meta[key] !== '' ? (meta[key] as string) : null
  if (scopes.includes('email')) {
    if (user.email) info.email = user.email
    if (user.email_confirmed_at) info.email_verified = true
  }
  if (scopes.includes('profile')) {
    const name = text('name') ?? (user.email || null)
    if (name) info.name = name
    const picture = text('picture') ?? text('avatar_url')
    if (picture) info.picture = picture
    const username = text('preferred_username') ?? text('username')
    if (username) info.preferred_username = username
    if (user.updated_at) info.updated_at = Math.floor(new Date(user.updated_at).getTime() / 1000)
    info.user_metadata = meta
  }
  if (scopes.includes('phone')) {
    if (user.phone) info.phone = user.phone
    if (user.phone_confirmed_at) info.phone_verified = true
  }
  return info
}
