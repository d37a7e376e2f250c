// The second step of signing in: a verified factor of the account and its code. supabase-js
// raises the session to aal2 and emits MFA_CHALLENGE_VERIFIED, which the session store takes.
import { useMutation } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export interface VerifiedFactor {
  id: string
  type: 'totp' | 'webauthn' | 'phone'
  name: string
}

export async function verifiedFactors(): Promise<VerifiedFactor[]> {
  const { data, error } = await supabase().auth.mfa.listFactors()
  if (error) throw error
  return data.all
    .filter((f) => f.status === 'verified')
    .map((f) => ({ id: f.id, type: f.factor_type, name: f.friendly_name ?? '' }))
}

export async function verifyCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() })
  if (error) throw error
}

export async function verifySecurityKey(factorId: string): Promise<void> {
  const { error } = await supabase().auth.mfa.webauthn.authenticate({ factorId })
  if (error) throw error
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (v: { factorId: string; code: string }) => verifyCode(v.factorId, v.code),
  })
}

export function useVerifySecurityKey() {
  return useMutation({ mutationFn: verifySecurityKey })
}
