// Sign out: only the signed-in screens offer it, so it is not part of the first screen's code.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { markExplicitSignOut } from './session-store.ts'

export async function signOut(): Promise<void> {
  markExplicitSignOut()
  const { error } = await supabase().auth.signOut()
  if (error) throw error
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  })
}
