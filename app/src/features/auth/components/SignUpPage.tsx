import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useResendConfirmation, useSignUp } from '../data/auth-mutations.ts'
import { passwordHint, validateDisplayName, validatePassword } from '../../../lib/validation.ts'
import { AuthLayout } from './AuthLayout.tsx'

export function SignUpPage() {
  const [displayName, setDisplayName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const signUp = useSignUp()
  const resend = useResendConfirmation()
  const next = new URLSearchParams(window.location.search).get('next') ?? '/'
  const nameError = touched ? validateDisplayName(displayName) : null
  const passwordError = touched ? validatePassword(password) : null
  const signInHref = `/sign-in${window.location.search}`

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validateDisplayName(displayName) || validatePassword(password)) return
    signUp.mutate({ email, password, displayName, next: next.startsWith('/') ? next : '/' })
  }

  if (signUp.isSuccess && signUp.data.needsConfirmation) {
    return (
      <AuthLayout title={t`Check your email`}>
        <p>
          <Trans>
            We sent a confirmation link to <strong>{email}</strong>. Open it to finish creating your
            account.
          </Trans>
        </p>
        <button
          type="button"
          className="button button-secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          {resend.isSuccess ? t`Sent again` : t`Send it again`}
        </button>
        {resend.error && <Notice tone="error">{cleanError(resend.error)}</Notice>}
        <p className="auth-links">
          <Link href="/sign-in">{t`Back to sign in`}</Link>
        </p>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={t`Create your Chorus account`}>
      <form onSubmit={submit} className="stack" noValidate>
        <Field
          label={t`Display name`}
          autoComplete="name"
          required
          value={displayName}
          error={nameError}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <Field
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          required
          hint={passwordHint()}
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
        {signUp.error && <Notice tone="error">{cleanError(signUp.error)}</Notice>}
        <button type="submit" className="button button-primary" disabled={signUp.isPending}>
          {signUp.isPending ? t`Creating…` : t`Create account`}
        </button>
      </form>
      <p className="auth-links">
        <span>
          <Trans>
            Already have an account? <Link href={signInHref}>Sign in</Link>
          </Trans>
        </span>
      </p>
    </AuthLayout>
  )
}
