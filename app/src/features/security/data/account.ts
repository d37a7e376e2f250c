// The session and the account: sign out every other session, change the email (GoTrue sends a
// confirmation to both addresses when double_confirm_changes is on, as config.toml has it).
import { useMutation } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export async function signOutOthers(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' })
  if (error) throw error
}

export async function changeEmail(email: string): Promise<void> {
  const { error } = await supabase().auth.updateUser(
    { email: email.trim() },
    { emailRedirectTo: `${window.location.origin}/` }
  )
  if (error) throw error
}

export function useSignOutOthers() {
  return useMutation({ mutationFn: signOutOthers })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail })
}
