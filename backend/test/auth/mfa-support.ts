// Shared by the MFA tests: config turning TOTP on (and a stack with it), codes computed as an
// authenticator app does, and a client raised to aal2.
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'
import { authConfig } from './support.ts'
import type { SupabaseClient } from './support.ts'

export const MFA_ON = '[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true'

/** A stack with TOTP on for the tests of a file or describe block. */
export function useMfaStack() {
  return useTestStack(() => startTestStack({ config: authConfig('', '', MFA_ON) }))
}

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
