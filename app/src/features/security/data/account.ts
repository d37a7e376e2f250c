// The account: change the password (Auth checks the current one, and asks a session older than
// 24 hours for the code it emails: update_password_require_current_password and
// secure_password_change in config.toml), change the email (with a recent proof: the current
// password or the emailed code, asked for by features/reauth's dialog when Auth wants it; GoTrue
// sends a confirmation to both addresses when double_confirm_changes is on, as config.toml has it). With a verified factor Auth
// takes either only from an aal2 session. Sessions: sessions.ts.
import { t } from '@lingui/core/macro'
import { useMutation } from '@tanstack/react-query'
import { AuthClient } from '@supabase/auth-js'
import { runtimeConfig, supabase } from '../../../lib/supabase.ts'

/**
 * An email change needs a recent proof (Chorus's Auth: reauthentication_needed without one): the
 * current password or the emailed nonce, which the caller's proof dialog (features/reauth) gets.
 */
export async function changeEmail(
  email: string,
  proof: { current_password?: string; nonce?: string } = {}
): Promise<void> {
  const { error } = await supabase().auth.updateUser(
    { email: email.trim(), ...proof },
    { emailRedirectTo: `${window.location.origin}/` }
  )
  if (error) throw error
}

/**
 * Auth wants the emailed code: it has been sent (the session is older than 24 hours), or the code
 * given was refused. `problem`: the attempt itself was refused.
 */
export class CodeNeeded extends Error {
  constructor(
    message?: string,
    readonly problem = false
  ) {
    super(message ?? t`We sent a code to your email. Enter it to change your password.`)
  }
}

/** Asks Auth to email a (new) code: GET /auth/v1/reauthenticate. */
export async function sendCode(): Promise<void> {
  const { error } = await supabase().auth.reauthenticate()
  if (error) throw error
}

/** GoTrue's Session.IsRecovery(): the amr methods of a session an emailed link or code opened. */
const LINK_METHODS = new Set(['otp', 'magiclink', 'recovery'])

function openedByLink(accessToken: string): boolean {
  try {
    const payload = (accessToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    const { amr } = JSON.parse(atob(payload)) as { amr?: { method?: unknown }[] }
    return (amr ?? []).some((entry) => LINK_METHODS.has(String(entry.method)))
  } catch {
    return false
  }
}

/**
 * Auth skips its current-password check for a session an emailed link or code opened (sign-up
 * confirmation, sign-in link, invitation), as GoTrue does; the form asks for the password all the
 * same, so the app checks it then: a password sign-in on a separate client that keeps nothing,
 * signed out again at once.
 */
async function checkCurrentPassword(email: string, current: string): Promise<void> {
  const { supabaseUrl, supabaseKey } = runtimeConfig()
  const check = new AuthClient({
    url: new URL('auth/v1', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`).href,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header's value, not words
    headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    storageKey: 'chorus-password-check',
  })
  const { error } = await check.signInWithPassword({ email, password: current })
  if (error) {
    throw error.code === 'invalid_credentials'
      ? new Error(t`Your current password is not right.`)
      : error
  }
  await check.signOut({ scope: 'local' })
}

/**
 * One PUT /auth/v1/user carrying the current password, which Auth checks
 * (update_password_require_current_password, GoTrue's UpdatePasswordRequireCurrentPassword): a
 * session alone cannot change the password. With secure_password_change a session older than 24
 * hours also needs the code Auth emails (`nonce`): asked for it, the code is sent and CodeNeeded
 * thrown, and the change is made again with it (the form can ask for a new code: sendCode).
 */
export async function changePassword(
  email: string,
  current: string,
  next: string,
  nonce = ''
): Promise<void> {
  const { data } = await supabase().auth.getSession()
  if (data.session && openedByLink(data.session.access_token)) {
    await checkCurrentPassword(email, current)
  }
  const { error } = await supabase().auth.updateUser({
    password: next,
    current_password: current,
    ...(nonce ? { nonce } : {}),
  })
  if (!error) return
  switch (error.code) {
    case 'reauthentication_needed':
      await sendCode()
      throw new CodeNeeded()
    case 'reauthentication_not_valid':
      throw new CodeNeeded(t`That code is not right or has expired.`, true)
    case 'current_password_required':
      throw new Error(t`Enter your current password.`)
    case 'current_password_invalid':
      // Auth spends a right code before it checks the password.
      throw nonce
        ? new CodeNeeded(t`Your current password is not right, and the code is used up.`, true)
        : new Error(t`Your current password is not right.`)
    default:
      throw error
  }
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (v: { email: string; current: string; next: string; nonce?: string }) =>
      changePassword(v.email, v.current, v.next, v.nonce),
  })
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode })
}

/** `gate`: features/reauth's useProofGate('account', …).run, which asks for the proof. */
export function useChangeEmail(
  gate: <T>(act: (proof?: object) => Promise<T>) => Promise<T> = (act) => act()
) {
  return useMutation({
    mutationFn: (email: string) => gate((proof) => changeEmail(email, proof ?? {})),
  })
}
