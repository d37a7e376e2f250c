import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useUpdatePassword } from '../data/update-password.ts'
import { passwordHint, validatePassword } from '../../../lib/validation.ts'
import { AuthLayout } from './AuthLayout.tsx'

// The new password after a reset link: the link signed the person in (a recovery session), so
// this page is part of the signed-in screens (SignedInApp), not of the first screen.
export function ResetPasswordPage() {
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const update = useUpdatePassword()
  const error = touched ? validatePassword(password) : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validatePassword(password)) return
    update.mutate(password, { onSuccess: () => navigate('/', { replace: true }) })
  }

  return (
    <AuthLayout title={t`Choose a new password`}>
      <form onSubmit={submit} className="stack" noValidate>
        <Field
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          hint={passwordHint()}
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        {update.error && <Notice tone="error">{cleanError(update.error)}</Notice>}
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {t`Save password`}
        </button>
      </form>
    </AuthLayout>
  )
}
