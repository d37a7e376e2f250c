import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { validateEmail } from '../../../lib/validation.ts'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useRequestPasswordReset } from '../data/auth-mutations.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthLayout } from './AuthLayout.tsx'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const reset = useRequestPasswordReset()

  return (
    <AuthLayout title={t`Reset your password`}>
      {reset.isSuccess ? (
        <Notice tone="success">
          {t`If an account exists for ${email}, an email with a reset link is on its way.`}
        </Notice>
      ) : (
        <AuthForm
          fields={[
            {
              name: 'email',
              label: t`Email`,
              type: 'email',
              autoComplete: 'email',
              check: validateEmail,
            },
          ]}
          values={{ email }}
          onValue={(_, value) => setEmail(value)}
          error={reset.error}
          submit={t`Send reset link`}
          pending={reset.isPending}
          onSubmit={() => reset.mutate(email.trim())}
        />
      )}
      <p className="auth-links">
        <Link href="/sign-in">{t`Back to sign in`}</Link>
      </p>
    </AuthLayout>
  )
}
