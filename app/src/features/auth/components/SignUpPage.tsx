import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useResendConfirmation, useSignUp } from '../data/auth-mutations.ts'
import { validateDisplayName, validatePassword } from '../data/validation.ts'
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

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validateDisplayName(displayName) || validatePassword(password)) return
    signUp.mutate({ email, password, displayName, next: next.startsWith('/') ? next : '/' })
  }

  if (signUp.isSuccess && signUp.data.needsConfirmation) {
    return (
      <AuthLayout title="Check your email">
        <p>
          We sent a confirmation link to <strong>{email}</strong>. Open it to finish creating your
          account.
        </p>
        <button
          type="button"
          className="button button-secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          {resend.isSuccess ? 'Sent again' : 'Send it again'}
        </button>
        {resend.error && <Notice tone="error">{cleanError(resend.error)}</Notice>}
        <p className="auth-links">
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Create your Chorus account">
      <form onSubmit={submit} className="stack" noValidate>
        <Field
          label="Display name"
          autoComplete="name"
          required
          value={displayName}
          error={nameError}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
        {signUp.error && <Notice tone="error">{cleanError(signUp.error)}</Notice>}
        <button type="submit" className="button button-primary" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p className="auth-links">
        <span>
          Already have an account? <Link href={`/sign-in${window.location.search}`}>Sign in</Link>
        </span>
      </p>
    </AuthLayout>
  )
}
