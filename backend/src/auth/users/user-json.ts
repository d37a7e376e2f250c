// The user and identity objects as GoTrue serializes them (models/user.go, identity.go): Go's field
// order, omitempty timestamps, empty strings for NULL email/phone, map keys sorted as Go's
// encoding/json sorts them, and times in RFC 3339 with trailing zeros trimmed.

/** A row of auth.users as to_json() gives it (timestamps are ISO strings in UTC). */
export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  invited_at: string | null
  confirmation_token: string | null
  confirmation_sent_at: string | null
  recovery_token: string | null
  recovery_sent_at: string | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: string | null
  last_sign_in_at: string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: string | null
  updated_at: string | null
  phone: string | null
  phone_confirmed_at: string | null
  phone_change: string | null
  phone_change_token: string | null
  phone_change_sent_at: string | null
  confirmed_at: string | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  banned_until: string | null
  reauthentication_token: string | null
  reauthentication_sent_at: string | null
  is_sso_user: boolean
  deleted_at: string | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown> | null
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

/** A row of auth.mfa_factors (the secret is never rendered). */
export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp' | 'phone' | 'webauthn'
  status: 'unverified' | 'verified'
  created_at: string
  updated_at: string
  secret: string | null
  phone: string | null
  last_challenged_at: string | null
  web_authn_aaguid?: string | null
}

export interface User extends UserRow {
  identities: IdentityRow[]
  /** The user's MFA factors (GoTrue loads them with the user; omitted from JSON when none). */
  factors?: FactorRow[]
}

/** Postgres JSON time text ("…+00:00") to Go's RFC 3339 form ("…Z"). */
export function goTime(value: string | null): string | undefined {
  if (value === null || value === '') return undefined
  if (value.endsWith('+00:00')) return `${value.slice(0, -6)}Z`
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString().replace(/\.?0+Z$/, 'Z')
}

type Container = unknown[] | Record<string, unknown>

/**
 * A copy with object keys sorted at every level, as Go marshals map[string]interface{}. Built
 * with a list rather than recursion, so that deep metadata is no stack risk.
 */
export function sortKeysDeep(value: unknown): unknown {
  const pending: [Container, Container][] = []
  const shell = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object') return item
    const copy: Container = Array.isArray(item) ? [] : {}
    pending.push([item as Container, copy])
    return copy
  }
  const root = shell(value)
  while (pending.length > 0) {
    const [source, target] = pending.pop()!
    if (Array.isArray(source)) {
      for (const item of source) (target as unknown[]).push(shell(item))
    } else {
      const out = target as Record<string, unknown>
      for (const key of Object.keys(source).sort()) out[key] = shell(source[key])
    }
  }
  return root
}

function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && value !== '') target[key] = value
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
  }
  if (identity.identity_data && Object.keys(identity.identity_data).length > 0) {
    out.identity_data = sortKeysDeep(identity.identity_data)
  }
  out.provider = identity.provider
  put(out, 'last_sign_in_at', goTime(identity.last_sign_in_at))
  out.created_at = goTime(identity.created_at) ?? '0001-01-01T00:00:00Z'
  out.updated_at = goTime(identity.updated_at) ?? '0001-01-01T00:00:00Z'
  put(out, 'email', identity.email ?? undefined)
  return out
}

/**
 * A factor as GoTrue's models.Factor marshals it: Go's field order, phone "" when unset,
 * last_challenged_at null until the first challenge.
 */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: factor.id,
    created_at: goTime(factor.created_at),
    updated_at: goTime(factor.updated_at),
    status: factor.status,
  }
  if (factor.friendly_name) out.friendly_name = factor.friendly_name
  out.factor_type = factor.factor_type
  out.phone = factor.phone ?? ''
  out.last_challenged_at = goTime(factor.last_challenged_at) ?? null
  if (factor.web_authn_aaguid) out.web_authn_aaguid = factor.web_authn_aaguid
  return out
}

export function userJson(user: User): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
  }
  put(out, 'email_confirmed_at', goTime(user.email_confirmed_at))
  put(out, 'invited_at', goTime(user.invited_at))
  out.phone = user.phone ?? ''
  put(out, 'phone_confirmed_at', goTime(user.phone_confirmed_at))
  put(out, 'confirmation_sent_at', goTime(user.confirmation_sent_at))
  put(out, 'confirmed_at', goTime(user.confirmed_at))
  put(out, 'recovery_sent_at', goTime(user.recovery_sent_at))
  put(out, 'new_email', user.email_change ?? undefined)
  put(out, 'email_change_sent_at', goTime(user.email_change_sent_at))
  put(out, 'new_phone', user.phone_change ?? undefined)
  put(out, 'phone_change_sent_at', goTime(user.phone_change_sent_at))
  put(out, 'reauthentication_sent_at', goTime(user.reauthentication_sent_at))
  put(out, 'last_sign_in_at', goTime(user.last_sign_in_at))
  out.app_metadata = sortKeysDeep(user.raw_app_meta_data ?? {})
  out.user_metadata = sortKeysDeep(user.raw_user_meta_data ?? {})
  if (user.factors && user.factors.length > 0) out.factors = user.factors.map(factorJson)
  out.identities = user.identities.map(identityJson)
  out.created_at = goTime(user.created_at) ?? '0001-01-01T00:00:00Z'
  out.updated_at = goTime(user.updated_at) ?? '0001-01-01T00:00:00Z'
  put(out, 'banned_until', goTime(user.banned_until))
  put(out, 'deleted_at', goTime(user.deleted_at))
  out.is_anonymous = user.is_anonymous
  return out
}

/** A time column as a Date, or null. */
export function timeOf(value: string | null): Date | null {
  if (value === null || value === '') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null
}

export function isBanned(user: UserRow, now = Date.now()): boolean {
  const until = timeOf(user.banned_until)
  return until !== null && until.getTime() > now
}

export function hasPassword(user: UserRow): boolean {
  return user.encrypted_password !== null && user.encrypted_password !== ''
}
