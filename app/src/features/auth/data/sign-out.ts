// Sign out: only the signed-in screens offer it, so it is not part of the first screen's code.
// It ends this browser's session only, as Slack's and Mattermost's do (supabase-js's default,
// 'global', would sign the person out on every device); the Security dialog's "Sign out all
// other sessions" ends the others.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { markExplicitSignOut } from './session-store.ts'

export async function signOut(): Promise<void> {
  markExplicitSignOut()
  const { error } = await supabase().auth.signOut({ scope: 'local' })
  if (error) throw error
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  })
}
