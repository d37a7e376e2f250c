// Chorus's rule for account changes (issue 49, item 5), beyond GoTrue's: with
// update_password_require_current_password on, a password change, an email change and the
// removal of a verified factor each need a recent proof that the person is there, whatever way
// the session began: the current password, the nonce GET /reauthenticate emailed, or a method the
// session used within PROOF_WINDOW_SECONDS (a second factor just verified; an emailed link or code
// just used, as a reset link's session is). GoTrue exempts every session an emailed link or code
// opened (Session.IsRecovery) for as long as it lives; here only while that link is recent, so a
// token taken from a link sign-in later changes nothing. The database asks the same of API
// credentials from the access token's amr claim (private.recent_proof(), *_chorus_reauth.sql),
// with the same window.
import type { AmrEntry } from '../sessions/session-store.ts'

/** How long a sign-in method counts as a recent proof. */
export const PROOF_WINDOW_SECONDS = 15 * 60

/** GoTrue's second factors (AMRClaim.IsAAL2Claim). */
const SECOND_FACTORS = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])
/** An emailed link or code (GoTrue's Session.IsRecovery methods). */
const EMAILED = new Set(['otp', 'magiclink', 'recovery'])

const recent = (entry: AmrEntry, now: number) =>
  Number.isFinite(entry.timestamp) &&
  entry.timestamp >= Math.floor(now / 1000) - PROOF_WINDOW_SECONDS

/** A second factor verified in this session within the window. */
export function freshSecondFactor(amr: readonly AmrEntry[], now = Date.now()): boolean {
  return amr.some((entry) => SECOND_FACTORS.has(entry.method) && recent(entry, now))
}

/** An emailed link or code that opened (or was used in) this session within the window. */
export function freshEmailedProof(amr: readonly AmrEntry[], now = Date.now()): boolean {
  return amr.some((entry) => EMAILED.has(entry.method) && recent(entry, now))
}
