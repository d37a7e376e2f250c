// Proving it is you again (issue 49, item 5). Auth refuses a password or email change without a
// recent proof (reauthentication_needed, current_password_required), and the database refuses to
// make an API credential (a bot's token, an incoming webhook) for a session whose sign-in is older
// than 15 minutes (42501 with details reauthentication_needed). What counts differs:
// - 'account' (PUT /auth/v1/user): the current password sent with the change, or the nonce Auth
//   emails (reauthenticate) sent as `nonce`.
// - 'credential' (the database reads the access token's amr claim): a sign-in just now, with the
//   password or with a code emailed for signing in (signInWithOtp, verifyOtp), or, for an account
//   with an authenticator app, that app's code verified again (the same session, aal2 kept).
import { t } from '@lingui/core/macro'
import { supabase } from '../../../lib/supabase.ts'
import { hasCode } from '../../../lib/error-codes.ts'

export type ProofPurpose = 'account' | 'credential'

/** What the change is sent again with ('account'); a credential's proof is the session itself. */
export type Proof = { current_password: string } | { nonce: string } | Record<string, never>

const ASKING = new Set(['reauthentication_needed', 'current_password_required'])

/** Whether the error asks for a proof (Auth's codes, or Chorus's code from the SQL). */
export function needsProof(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code } = error as { code?: unknown }
  return (typeof code === 'string' && ASKING.has(code)) || hasCode(error, 'reauthentication_needed')
}

async function myEmail(): Promise<string> {
  const { data } = await supabase().auth.getSession()
  const email = data.session?.user.email
  if (!email) throw new Error(t`Sign in again first.`)
  return email
}

/** The authenticator app (TOTP) factor to verify again, when the account has one. */
export async function verifiedTotp(): Promise<string | null> {
  const { data, error } = await supabase().auth.mfa.listFactors()
  if (error) throw error
  return data.totp.find((f) => f.status === 'verified')?.id ?? null
}

/** Emails a code: Auth's reauthentication nonce ('account'), or a sign-in code ('credential'). */
export async function emailCode(purpose: ProofPurpose): Promise<void> {
  const auth = supabase().auth
  const { error } =
    purpose === 'account'
      ? await auth.reauthenticate()
      : await auth.signInWithOtp({ email: await myEmail(), options: { shouldCreateUser: false } })
  if (error) throw error
}

function wrongPassword(error: { code?: string } & Error): Error {
  return error.code === 'invalid_credentials' ? new Error(t`That password is not right.`) : error
}

/** The password: sent with the change ('account'), or a sign-in with it now ('credential'). */
export async function proveWithPassword(purpose: ProofPurpose, password: string): Promise<Proof> {
  if (purpose === 'account') return { current_password: password }
  const { error } = await supabase().auth.signInWithPassword({ email: await myEmail(), password })
  if (error) throw wrongPassword(error)
  return {}
}

/** The emailed code: the nonce ('account'), or a sign-in with it now ('credential'). */
export async function proveWithCode(purpose: ProofPurpose, code: string): Promise<Proof> {
  if (purpose === 'account') return { nonce: code.trim() }
  const { error } = await supabase().auth.verifyOtp({
    email: await myEmail(),
    token: code.trim(),
    type: 'email',
  })
  if (error) throw new Error(t`That code is not right or has expired.`)
  return {}
}

/** The authenticator app's code, verified again in this session. */
export async function proveWithFactor(factorId: string, code: string): Promise<Proof> {
  const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() })
  if (error) throw new Error(t`That code is not right. Try the newest one.`)
  return {}
}
