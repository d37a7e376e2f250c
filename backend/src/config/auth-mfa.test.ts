import { describe, expect, it } from 'vitest'
import { ConfigError, parseProjectConfig } from './project-config.ts'

const parse = (text: string) => parseProjectConfig(text, '/projects/demo', 'config.toml')

describe('[auth.mfa]', () => {
  it('has the CLI template defaults: 10 factors, every factor type off', () => {
    const off = { enrollEnabled: false, verifyEnabled: false }
    expect(parse('').auth.mfa).toEqual({
      maxEnrolledFactors: 10,
      totp: off,
      phone: off,
      webAuthn: off,
      webAuthnRp: { rpId: '', rpDisplayName: '', rpOrigins: [] },
    })
  })

  it('reads max_enrolled_factors and each type’s switches', () => {
    const mfa = parse(`
[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.mfa.web_authn]
enroll_enabled = true
`).auth.mfa
    expect(mfa.maxEnrolledFactors).toBe(3)
    expect(mfa.totp).toEqual({ enrollEnabled: true, verifyEnabled: true })
    expect(mfa.webAuthn).toEqual({ enrollEnabled: true, verifyEnabled: false })
  })

  it('names the line of a value of the wrong type', () => {
    expect(() => parse('[auth.mfa.totp]\nenroll_enabled = "yes"')).toThrow(ConfigError)
    expect(() => parse('[auth.mfa.totp]\nenroll_enabled = "yes"')).toThrow(
      'config.toml:2: [auth.mfa.totp] enroll_enabled must be true or false'
    )
  })
})
