// Passwords as GoTrue keeps them: bcrypt at cost 10 (hashes exported from Supabase, $2a$/$2b$,
// verify as they are), at most 72 bytes, and the strength rules of config.toml.
import bcrypt from 'bcrypt'
import type { AuthError } from '../errors.ts'
import { ERRORS } from '../errors.ts'

export const BCRYPT_COST = 10
export const MAX_PASSWORD_LENGTH = 72

export interface PasswordRules {
  passwordMinLength: number
  passwordRequiredCharacters: string[]
}

/** GoTrue's checkPasswordStrength: null when the password is acceptable. */
export function passwordStrengthError(password: string, rules: PasswordRules): AuthError | null {
  // Go's len(): bytes, not characters.
  const bytes = Buffer.byteLength(password, 'utf8')
  if (bytes > MAX_PASSWORD_LENGTH) {
    return ERRORS.validationFailed(
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`
    )
  }
  const reasons: string[] = []
  const messages: string[] = []
  if (bytes < rules.passwordMinLength) {
    reasons.push('length')
    messages.push(`Password should be at least ${rules.passwordMinLength} characters.`)
  }
  for (const set of rules.passwordRequiredCharacters) {
    if (set !== '' && ![...password].some((c) => set.includes(c))) {
      reasons.push('characters')
      messages.push(
        `Password should contain at least one character of each: ${rules.passwordRequiredCharacters.join(', ')}.`
      )
      break
    }
  }
  return reasons.length > 0 ? ERRORS.weakPassword(messages.join(' '), reasons) : null
}

export function assertPasswordStrength(password: string, rules: PasswordRules): void {
  const error = passwordStrengthError(password, rules)
  if (error) throw error
}

/** bcrypt refuses more than 72 bytes in Go; node's bcrypt would silently truncate. */
export function assertHashable(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_LENGTH) {
    throw ERRORS.validationFailed('bcrypt: password length exceeds 72 bytes')
  }
}

export async function hashPassword(password: string): Promise<string> {
  assertHashable(password)
  return bcrypt.hash(password, BCRYPT_COST)
}

/** True when `password` matches a stored bcrypt hash ($2a$, $2b$ or $2y$). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_LENGTH) return false
  if (!/^\$2[aby]\$\d\d\$/.test(hash)) return false
  // $2y$ (PHP) is the same algorithm as $2b$.
  const normalized = hash.startsWith('$2y$') ? `$2b$${hash.slice(4)}` : hash
  try {
    return await bcrypt.compare(password, normalized)
  } catch {
    return false
  }
}

/** Whether an imported password_hash is a hash this service can verify. */
export function isSupportedHash(hash: string): boolean {
  return /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)
}
