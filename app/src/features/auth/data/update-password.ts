// The new password after a reset link (the signed-in ResetPasswordPage's, so not in the first
// screen's code).
import { useMutation } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password })
  if (error) throw error
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword })
}
