// Sign up, sign in, sign out, forgot and reset password: plain async functions over supabase-js
// plus their mutation hooks. Errors come back as GoTrue's messages, cleaned for people.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { markExplicitSignOut } from './session-store.ts'

function redirectTo(path: string): string {
  return `${window.location.origin}${path}`
}

export interface SignUpInput {
  email: string
  password: string
  displayName: string
  /** Where the confirmation link should land (an invite page, say). */
  next?: string
}

export async function signUp(input: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  const { data, error } = await supabase().auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      data: { display_name: input.displayName.trim() },
      emailRedirectTo: redirectTo(input.next ?? '/'),
    },
  })
  if (error) throw error
  return { needsConfirmation: !data.session }
}

export async function signIn(email: string, password: string): Promise<void> {
  const { error } = await supabase().auth.signInWithPassword({ email: email.trim(), password })
  if (error) throw error
}

export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase().auth.resend({
    type: 'signup',
    email: email.trim(),
    options: { emailRedirectTo: redirectTo('/') },
  })
  if (error) throw error
}

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
    redirectTo: redirectTo('/reset-password'),
  })
  if (error) throw error
}

export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password })
  if (error) throw error
}

export async function signOut(): Promise<void> {
  markExplicitSignOut()
  const { error } = await supabase().auth.signOut()
  if (error) throw error
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}

export function useSignIn() {
  return useMutation({
    mutationFn: (v: { email: string; password: string }) => signIn(v.email, v.password),
  })
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  })
}
