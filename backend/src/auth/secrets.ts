// The random and derived secrets of Auth, made as GoTrue makes them: numeric OTPs, token hashes
// (SHA-224 of address + OTP, the value emailed links carry), opaque refresh tokens, PKCE checks and
// the obfuscation of soft-deleted users.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const PKCE_PREFIX = 'pkce_'

/** A numeric one-time password of `length` digits. */
export function generateOtp(length: number): string {
  let otp = ''
  for (let i = 0; i < length; i++) otp += String(randomInt(10))
  return otp
}

/** GoTrue's GenerateTokenHash: hex SHA-224 of the address followed by the OTP. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex')
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A refresh token: 12 random lower-case alphanumerics, as GoTrue's legacy format. */
export function generateRefreshToken(): string {
  return randomString(12, ALPHANUMERIC)
}

export function randomString(length: number, alphabet: string): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A strong random password for accounts made without one (invites, OTP sign-ups), with a character
 * of each required set so that it passes the project's password rules.
 */
export function randomPassword(length = 64, required: string[] = []): string {
  const chars = [...randomString(length - required.length, PASSWORD_ALPHABET)]
  for (const set of required) {
    if (set === '') continue
    chars.splice(randomInt(chars.length + 1), 0, randomString(1, set))
  }
  return chars.join('')
}

/** base64url (unpadded) of SHA-256(id + value): how GoTrue hides a soft-deleted user's data. */
export function obfuscate(id: string, value: string): string {
  return createHash('sha256')
    .update(id + value)
    .digest('base64url')
}

export function withFlowPrefix(token: string, pkce: boolean): string {
  return pkce ? `${PKCE_PREFIX}${token}` : token
}

/** Verifies a PKCE code verifier against the stored challenge (s256 or plain). */
export function pkceMatches(method: string, challenge: string, verifier: string): boolean {
  const expected =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
  const a = Buffer.from(challenge)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
