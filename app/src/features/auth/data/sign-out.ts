// Sign out, from the profile dialog and the two-factor page. Its code is in the entry, so it works
// offline whatever else was loaded. It ends this browser's session only, as Slack's and
// Mattermost's do (supabase-js's default, 'global', would sign the person out on every device);
// the Security dialog's "Sign out all other sessions" ends the others.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isNetworkError } from '../../../lib/clean-error.ts'
import { supabase } from '../../../lib/supabase.ts'
import { forgetStoredSession, markExplicitSignOut } from './session-store.ts'

export async function signOut(): Promise<void> {
  markExplicitSignOut()
  // Offline, this browser forgets the session at once: supabase-js would first renew an expired
  // token (which waits for the network, refresh-hold.ts) and ask the server to end it.
  if (navigator.onLine === false) forgetStoredSession()
  const { error } = await supabase().auth.signOut({ scope: 'local' })
  if (!error) return
  if (!isNetworkError(error)) throw error
  // The server could not be reached: signed out here all the same. Its refresh token lapses
  // unused, or "Sign out all other sessions" elsewhere ends it.
  forgetStoredSession()
  const again = await supabase().auth.signOut({ scope: 'local' })
  if (again.error) throw again.error
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    // Offline too (TanStack Query would hold it until the network is back).
    networkMode: 'always',
    onSettled: () => queryClient.clear(),
  })
}
