// Shared by the MFA tests: config turning TOTP on, codes computed as an authenticator app does,
// and a client raised to aal2.
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { SupabaseClient } from './support.ts'

export const MFA_ON = '[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true'

export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at,
  })
}

/** Enrols a TOTP factor and verifies it: the client's session is aal2 afterwards. */
export async function enrolVerified(client: SupabaseClient, friendlyName = 'phone app') {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  expect(enrolled.error).toBeNull()
  const factor = enrolled.data!
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.totp.secret),
  })
  expect(verified.error).toBeNull()
  return { factor, session: verified.data! }
}
