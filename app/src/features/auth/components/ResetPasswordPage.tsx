import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useUpdatePassword } from '../data/auth-mutations.ts'
import { useAuth } from '../data/useAuth.ts'
import { validatePassword } from '../data/validation.ts'
import { AuthLayout } from './AuthLayout.tsx'

export function ResetPasswordPage() {
  const auth = useAuth()
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const update = useUpdatePassword()
  const error = touched ? validatePassword(password) : null

  if (auth.status !== 'signed-in') {
    return (
      <AuthLayout title="Reset link expired">
        <p>This reset link is no longer valid. Ask for a new one.</p>
        <p className="auth-links">
          <Link href="/forgot-password">Send a new reset link</Link>
        </p>
      </AuthLayout>
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validatePassword(password)) return
    update.mutate(password, { onSuccess: () => navigate('/', { replace: true }) })
  }

  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={submit} className="stack" noValidate>
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        {update.error && <Notice tone="error">{cleanError(update.error)}</Notice>}
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          Save password
        </button>
      </form>
    </AuthLayout>
  )
}
