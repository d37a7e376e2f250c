// Two-factor sign-in over supabase-js's auth.mfa: the account's factors, enrolling an
// authenticator app (QR code and secret, then a first code that proves it works) or a security
// key (the browser's WebAuthn ceremony, relying party localhost: see config.toml), removing one.
import { t } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { securityKeys } from './keys.ts'

export interface Factor {
  id: string
  type: 'totp' | 'webauthn' | 'phone'
  name: string
  verified: boolean
  createdAt: string
}

export interface TotpEnrolment {
  factorId: string
  /** An SVG data URI. */
  qrCode: string
  secret: string
  uri: string
}

export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await supabase().auth.mfa.listFactors()
  if (error) throw error
  return data.all.map((f) => ({
    id: f.id,
    type: f.factor_type,
    name: f.friendly_name ?? '',
    verified: f.status === 'verified',
    createdAt: f.created_at,
  }))
}

/** Unverified factors are abandoned enrolments: they go before a new one (names are unique). */
async function dropUnverified(): Promise<void> {
  for (const factor of await listFactors()) {
    if (!factor.verified) await removeFactor(factor.id)
  }
}

export async function enrollTotp(name: string): Promise<TotpEnrolment> {
  await dropUnverified()
  const { data, error } = await supabase().auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: name.trim() || t`Authenticator app`,
  })
  if (error) throw error
  return {
    factorId: data.id,
    qrCode: data.totp.qr_code,
    secret: data.totp.secret,
    uri: data.totp.uri,
  }
}

/** The first code from the app: verifies the factor and raises this session to aal2. */
export async function confirmTotp(factorId: string, code: string): Promise<void> {
  const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() })
  if (error) throw error
}

export async function registerSecurityKey(name: string): Promise<void> {
  await dropUnverified()
  const { error } = await supabase().auth.mfa.webauthn.register({
    friendlyName: name.trim() || t`Security key`,
  })
  if (error) throw error
}

export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase().auth.mfa.unenroll({ factorId })
  if (error) throw error
}

export function useFactors() {
  return useQuery({ queryKey: securityKeys.factors(), queryFn: listFactors })
}

function useFactorMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    // The session's level changes what the database shows: refetch everything.
    onSettled: () => queryClient.invalidateQueries(),
  })
}

export function useEnrollTotp() {
  return useMutation({ mutationFn: enrollTotp })
}

export function useConfirmTotp() {
  return useFactorMutation((v: { factorId: string; code: string }) =>
    confirmTotp(v.factorId, v.code)
  )
}

export function useRegisterSecurityKey() {
  return useFactorMutation(registerSecurityKey)
}

/**
 * Removing a verified factor needs it verified again lately (Chorus's Auth answers
 * reauthentication_needed otherwise): `gate` (features/reauth) asks for its code and tries again.
 */
export function useRemoveFactor(gate: <T>(act: () => Promise<T>) => Promise<T> = (act) => act()) {
  return useFactorMutation((factorId: string) => gate(() => removeFactor(factorId)))
}
