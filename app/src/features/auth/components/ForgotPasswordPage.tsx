import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useRequestPasswordReset } from '../data/auth-mutations.ts'
import { AuthLayout } from './AuthLayout.tsx'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const reset = useRequestPasswordReset()

  function submit(event: FormEvent) {
    event.preventDefault()
    reset.mutate(email)
  }

  return (
    <AuthLayout title={t`Reset your password`}>
      {reset.isSuccess ? (
        <Notice tone="success">
          {t`If an account exists for ${email}, an email with a reset link is on its way.`}
        </Notice>
      ) : (
        <form onSubmit={submit} className="stack">
          <Field
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {reset.error && <Notice tone="error">{cleanError(reset.error)}</Notice>}
          <button type="submit" className="button button-primary" disabled={reset.isPending}>
            {t`Send reset link`}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link href="/sign-in">{t`Back to sign in`}</Link>
      </p>
    </AuthLayout>
  )
}
