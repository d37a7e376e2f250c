// The account: change the password (the current one checked first), change the email (GoTrue
// sends a confirmation to both addresses when double_confirm_changes is on, as config.toml has
// it). Sessions: sessions.ts.
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

/**
 * GoTrue (with secure_password_change off) changes the password of a signed-in session without
 * asking for the current one, so the app checks it: a password sign-in on a separate client that
 * keeps nothing, whose session is signed out again at once.
 */
export async function changePassword(email: string, current: string, next: string): Promise<void> {
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
  const { error } = await supabase().auth.updateUser({ password: next })
  if (error) throw error
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (v: { email: string; current: string; next: string }) =>
      changePassword(v.email, v.current, v.next),
  })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail })
}
