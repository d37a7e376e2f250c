// The account: change the password (the current one checked first; Auth asks a session older
// than 24 hours for the code it emails, secure_password_change in config.toml), change the email
// (GoTrue sends a confirmation to both addresses when double_confirm_changes is on, as
// config.toml has it). With a verified factor Auth takes either only from an aal2 session.
// Sessions: sessions.ts.
import { useMutation } from '@tanstack/react-query'
import { createClient } from '@supabase/supabase-js'
import { runtimeConfig, supabase } from '../../../lib/supabase.ts'

export async function changeEmail(email: string): Promise<void> {
  const { error } = await supabase().auth.updateUser(
    { email: email.trim() },
    { emailRedirectTo: `${window.location.origin}/` }
  )
  if (error) throw error
}

/** Auth wants the emailed code (the session is older than 24 hours): it has been sent. */
export class CodeNeeded extends Error {
  constructor() {
    super('We sent a code to your email. Enter it to change your password.')
  }
}

/**
 * The current password is checked first by the app (GoTrue's own current-password check is a
 * hosted project setting the CLI's config.toml cannot turn on): a password sign-in on a separate
 * client that keeps nothing, whose session is signed out again at once. Then Auth: with
 * secure_password_change, a session older than 24 hours needs the code Auth emails (`nonce`);
 * asked for it, the code is sent and CodeNeeded thrown, and the change is made again with it.
 */
export async function changePassword(
  email: string,
  current: string,
  next: string,
  nonce = ''
): Promise<void> {
  const { supabaseUrl, supabaseKey } = runtimeConfig()
  const check = createClient(supabaseUrl, supabaseKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'chorus-password-check',
    },
  })
  const { error: wrong } = await check.auth.signInWithPassword({ email, password: current })
  if (wrong) {
    throw wrong.code === 'invalid_credentials'
      ? new Error('Your current password is not right.')
      : wrong
  }
  await check.auth.signOut({ scope: 'local' })
  const { error } = await supabase().auth.updateUser(
    nonce ? { password: next, nonce } : { password: next }
  )
  if (error?.code === 'reauthentication_needed') {
    const sent = await supabase().auth.reauthenticate()
    if (sent.error) throw sent.error
    throw new CodeNeeded()
  }
  if (error?.code === 'reauthentication_not_valid') {
    throw new Error('That code is not right or has expired.')
  }
  if (error) throw error
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (v: { email: string; current: string; next: string; nonce?: string }) =>
      changePassword(v.email, v.current, v.next, v.nonce),
  })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail })
}
