// Sign up, sign in, and the emailed links (confirmation, sign-in, password reset): plain async
// functions over supabase-js plus their mutation hooks. Errors come back as GoTrue's messages,
// cleaned for people.
import { useMutation } from '@tanstack/react-query'
import { appLanguage } from '../../../lib/i18n.ts'
import { SHARED_KEY } from '../../../lib/local-store.ts'
import { supabase } from '../../../lib/supabase.ts'

function redirectTo(path: string): string {
  return `${window.location.origin}${path}`
}

/** The confirmation link lands on the sign-in page, which goes on to `next` once signed in: a
 * link used already or expired then says so there (link-error.ts) instead of leaving the person
 * on a sign-in page that explains nothing. */
function throughSignIn(next: string): string {
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`
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
      // The new profile starts in the language this page is read in (the database's trigger
      // reads raw_user_meta_data->>'language').
      data: { display_name: input.displayName.trim(), language: appLanguage() },
      emailRedirectTo: redirectTo(throughSignIn(input.next ?? '/')),
    },
  })
  if (error) throw error
  return { needsConfirmation: !data.session }
}

/** "This is a shared computer" chosen or not, before the session is stored: lib/local-store.ts. */
export function setSharedComputer(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(SHARED_KEY, '1')
    else sessionStorage.removeItem(SHARED_KEY)
  } catch {
    // no sessionStorage: the browser's storage is all there is
  }
}

/** `shared`: "This is a shared computer": the session is kept in this tab only, and nothing else
 * on the device (lib/local-store.ts). */
export async function signIn(email: string, password: string, shared = false): Promise<void> {
  setSharedComputer(shared)
  const { error } = await supabase().auth.signInWithPassword({ email: email.trim(), password })
  if (error) throw error
}

export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase().auth.resend({
    type: 'signup',
    email: email.trim(),
    options: { emailRedirectTo: redirectTo(throughSignIn('/')) },
  })
  if (error) throw error
}

/** The code the confirmation email gives beside its link (Auth's OTP for `signup`): entered on
 * "Check your email", it confirms the address and signs in, as the link does. */
export async function confirmWithCode(email: string, code: string): Promise<void> {
  const { error } = await supabase().auth.verifyOtp({
    email: email.trim(),
    token: code.trim(),
    type: 'signup',
  })
  if (error) throw error
}

export async function sendSignInLink(email: string): Promise<void> {
  const { error } = await supabase().auth.signInWithOtp({
    email: email.trim(),
    options: { shouldCreateUser: false, emailRedirectTo: window.location.href },
  })
  if (error) throw error
}

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
    redirectTo: redirectTo('/reset-password'),
  })
  if (error) throw error
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}

export function useSignIn() {
  return useMutation({
    mutationFn: (v: { email: string; password: string; shared: boolean }) =>
      signIn(v.email, v.password, v.shared),
  })
}

/** Sign-in by email link (magic link), for an account that exists; it lands back on this page. */
export function useSendSignInLink() {
  return useMutation({ mutationFn: sendSignInLink })
}

export function useConfirmWithCode() {
  return useMutation({
    mutationFn: (v: { email: string; code: string }) => confirmWithCode(v.email, v.code),
  })
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
