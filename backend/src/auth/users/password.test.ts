import { describe, expect, it } from 'vitest'
import { passwordStrengthError, verifyPassword, hashPassword } from './password.ts'
import { requiredCharacters } from '../settings.ts'

describe('passwordStrengthError', () => {
  const rules = {
    passwordMinLength: 8,
    passwordRequiredCharacters: requiredCharacters('letters_digits'),
  }

  it('accepts a password that meets the rules', () => {
    expect(passwordStrengthError('abcdefg1', rules)).toBeNull()
  })

  it('lists every reason, as GoTrue does', () => {
    const error = passwordStrengthError('abc', rules)
    expect(error?.code).toBe('weak_password')
    expect(error?.status).toBe(422)
    expect(error?.reasons).toEqual(['length', 'characters'])
    expect(error?.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.'
    )
  })

  it('refuses passwords over 72 bytes', () => {
    const error = passwordStrengthError('a1'.repeat(40), rules)
    expect(error?.code).toBe('validation_failed')
    expect(error?.message).toBe('Password cannot be longer than 72 characters')
  })
})

describe('bcrypt', () => {
  it('verifies $2a$, $2b$ and $2y$ hashes and nothing else', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^\$2b\$10\$/)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct horse', `$2a$${hash.slice(4)}`)).toBe(true)
    expect(await verifyPassword('correct horse', `$2y$${hash.slice(4)}`)).toBe(true)
    expect(await verifyPassword('wrong', hash)).toBe(false)
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false)
    expect(await verifyPassword('correct horse', null)).toBe(false)
  })
})
