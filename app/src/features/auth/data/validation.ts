// Checks made before a request, so people get a clear message at once. The server checks again.
export const MIN_PASSWORD_LENGTH = 8
export const MAX_NAME_LENGTH = 80

export function validatePassword(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  }
  return null
}

/** Display, workspace and channel names: visible characters, no control or direction tricks. */
export function validateName(name: string, what: string, max = MAX_NAME_LENGTH): string | null {
  const trimmed = name.trim()
  if (!trimmed) return `Give a ${what}.`
  if ([...trimmed].length > max) return `Keep the ${what} under ${max} characters.`
  // Control characters and bidirectional overrides can disguise a name as another.
  if (/[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u.test(trimmed)) {
    return `The ${what} contains invisible control characters; remove them.`
  }
  if (!/[\p{L}\p{N}\p{So}]/u.test(trimmed)) return `The ${what} needs at least one letter or digit.`
  return null
}

export function validateDisplayName(name: string): string | null {
  return validateName(name, 'display name')
}
