import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useResendConfirmation, useSignUp } from '../data/auth-mutations.ts'
import {
  passwordHint,
  validateDisplayName,
  validateEmail,
  validatePassword,
} from '../../../lib/validation.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthLayout } from './AuthLayout.tsx'

/** The field an Auth refusal is about. */
function fieldOf(code: string): string | null {
  if (code === 'email_exists' || code === 'user_already_exists' || code === 'email_address_invalid')
    return 'email'
  return code === 'weak_password' ? 'password' : null
}

export function SignUpPage() {
  const [values, setValues] = useState({ displayName: '', email: '', password: '' })
  const { displayName, email, password } = values
  const signUp = useSignUp()
  const resend = useResendConfirmation()
  const next = new URLSearchParams(window.location.search).get('next') ?? '/'
  const signInHref = `/sign-in${window.location.search}`

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
      <AuthForm
        fields={[
          {
            name: 'displayName',
            label: t`Display name`,
            autoComplete: 'name',
            check: validateDisplayName,
          },
          {
            name: 'email',
            label: t`Email`,
            type: 'email',
            autoComplete: 'email',
            check: validateEmail,
          },
          {
            name: 'password',
            label: t`Password`,
            type: 'password',
            autoComplete: 'new-password',
            hint: passwordHint(),
            check: validatePassword,
          },
        ]}
        values={values}
        onValue={(name, value) => setValues((was) => ({ ...was, [name]: value }))}
        error={signUp.error}
        fieldOf={fieldOf}
        submit={t`Create account`}
        pending={signUp.isPending}
        pendingLabel={t`Creating…`}
        onSubmit={() =>
          signUp.mutate({
            email: email.trim(),
            password,
            displayName,
            next: next.startsWith('/') ? next : '/',
          })
        }
      />
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
