// The second step of signing in, for an account with a verified factor: the code from the
// authenticator app (or the security key). Shown by SignedInApp, so it is in the signed-in
// chunk and the first-screen chunk does not grow.
import { t } from '@lingui/core/macro'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useSignOut } from '../data/sign-out.ts'
import { useVerifyCode, useVerifySecurityKey, verifiedFactors } from '../data/mfa-challenge.ts'
import type { VerifiedFactor } from '../data/mfa-challenge.ts'
import { AuthLayout } from './AuthLayout.tsx'

export function MfaChallengePage() {
  const [factors, setFactors] = useState<VerifiedFactor[] | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const signOut = useSignOut()

  useEffect(() => {
    verifiedFactors().then(setFactors, setLoadError)
  }, [])

  const app = factors?.find((f) => f.type === 'totp')
  const key = factors?.find((f) => f.type === 'webauthn')
  return (
    <AuthLayout title={t`Two-factor sign-in`}>
      {loadError != null && <Notice tone="error">{cleanError(loadError)}</Notice>}
      {app && <CodeForm factor={app} />}
      {key && <SecurityKeyButton factor={key} primary={!app} />}
      <button
        type="button"
        className="button button-secondary"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {t`Sign in as someone else`}
      </button>
    </AuthLayout>
  )
}

function CodeForm({ factor }: { factor: VerifiedFactor }) {
  const [code, setCode] = useState('')
  const verify = useVerifyCode()
  const name = factor.name

  function submit(event: FormEvent) {
    event.preventDefault()
    verify.mutate({ factorId: factor.id, code })
  }

  return (
    <form onSubmit={submit} className="stack">
      <p className="muted">
        {name
          ? t`Enter the 6-digit code from your authenticator app (${name}).`
          : t`Enter the 6-digit code from your authenticator app.`}
      </p>
      <Field
        label={t`Code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      {verify.error && <Notice tone="error">{cleanError(verify.error)}</Notice>}
      <button type="submit" className="button button-primary" disabled={verify.isPending}>
        {verify.isPending ? t`Checking…` : t`Verify`}
      </button>
    </form>
  )
}

function SecurityKeyButton({ factor, primary }: { factor: VerifiedFactor; primary: boolean }) {
  const verify = useVerifySecurityKey()
  return (
    <div className="stack">
      {verify.error && <Notice tone="error">{cleanError(verify.error)}</Notice>}
      <button
        type="button"
        className={primary ? 'button button-primary' : 'button'}
        disabled={verify.isPending}
        onClick={() => verify.mutate(factor.id)}
      >
        {verify.isPending ? t`Waiting for your security key…` : t`Use your security key`}
      </button>
    </div>
  )
}
