// Checks made before a request, so people get a clear message at once. The server checks again.
// The forms that name people, workspaces and passwords share them (sign-up, the profile, a new
// workspace, an invited account, Security); each imports this module itself, so that only their
// chunks carry its sentences.
import { plural, t } from '@lingui/core/macro'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_NAME_LENGTH = 80

/** What a name names: each has its own sentences, so that a translation is a whole sentence. */
export type NameKind = 'display name' | 'workspace name'

/** What a new password's field says it needs. */
export function passwordHint(): string {
  const min = MIN_PASSWORD_LENGTH
  return plural(min, { one: 'At least # character.', other: 'At least # characters.' })
}

/** A sign-in's or sign-up's address: given, and shaped like one (the server checks it again). */
export function validateEmail(email: string): string | null {
  const trimmed = email.trim()
  if (!trimmed) return t`Enter your email address.`
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed))
    return t`That does not look like an email address.`
  return null
}

export function validatePassword(password: string): string | null {
  const min = MIN_PASSWORD_LENGTH
  if (password.length < min) {
    return plural(min, { one: 'Use at least # character.', other: 'Use at least # characters.' })
  }
  return null
}

/** Display and workspace names: visible characters, no control or direction tricks. */
export function validateName(name: string, what: NameKind, max = MAX_NAME_LENGTH): string | null {
  const workspace = what === 'workspace name'
  const trimmed = name.trim()
  if (!trimmed) return workspace ? t`Give a workspace name.` : t`Give a display name.`
  if ([...trimmed].length > max) {
    return workspace
      ? plural(max, {
          one: 'Keep the workspace name under # character.',
          other: 'Keep the workspace name under # characters.',
        })
      : plural(max, {
          one: 'Keep the display name under # character.',
          other: 'Keep the display name under # characters.',
        })
  }
  // Control characters and bidirectional overrides can disguise a name as another.
  if (/[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u.test(trimmed)) {
    return workspace
      ? t`The workspace name contains invisible control characters; remove them.`
      : t`The display name contains invisible control characters; remove them.`
  }
  if (!/[\p{L}\p{N}\p{So}]/u.test(trimmed)) {
    return workspace
      ? t`The workspace name needs at least one letter or digit.`
      : t`The display name needs at least one letter or digit.`
  }
  return null
}

export function validateDisplayName(name: string): string | null {
  return validateName(name, 'display name')
}
