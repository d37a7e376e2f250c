import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { validateEmail } from '../../../lib/validation.ts'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useResendConfirmation, useSendSignInLink, useSignIn } from '../data/auth-mutations.ts'
import { clearLinkError, linkErrorIn } from '../data/link-error.ts'
import { forgetEndedSessions } from '../data/forget-ended.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthLayout } from './AuthLayout.tsx'
import './sign-in.css'

// Loaded whenever the app is signed out: what a refused session kept goes (forget-ended.ts).
forgetEndedSessions()

export function SignInPage({ expired }: { expired: boolean }) {
  const [values, setValues] = useState({ email: '', password: '' })
  const { email, password } = values
  const [shared, setShared] = useState(false)
  // A link that did not work (used twice, expired) lands here: say so, and offer a new one.
  const [linkError] = useState(() => linkErrorIn(new URL(window.location.href)))
  useEffect(() => {
    if (linkError) clearLinkError()
  }, [linkError])
  const signIn = useSignIn()
  const resend = useResendConfirmation()
  const link = useSendSignInLink()
  const signUpHref = `/sign-up${window.location.search}`
  const code = (signIn.error as { code?: unknown } | null)?.code
  // Said as data/auth-errors.ts words it, with the button to send the link again.
  const notConfirmed = code === 'email_not_confirmed'

  return (
    <AuthLayout title={t`Sign in to Chorus`}>
      {linkError && <Notice tone="warning">{linkError.message}</Notice>}
      {expired && <Notice tone="warning">{t`Your session ended. Sign in again.`}</Notice>}
      <AuthForm
        fields={[
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
            autoComplete: 'current-password',
            check: (value) => (value ? null : t`Enter your password.`),
          },
        ]}
        values={values}
        onValue={(name, value) => setValues((was) => ({ ...was, [name]: value }))}
        error={signIn.error}
        submit={t`Sign in`}
        pending={signIn.isPending}
        pendingLabel={t`Signing in…`}
        onSubmit={() => signIn.mutate({ email: email.trim(), password, shared })}
        errorAction={
          notConfirmed && (
            <button
              type="button"
              className="button button-secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate(email)}
            >
              {resend.isSuccess ? t`Email sent again` : t`Send the confirmation email again`}
            </button>
          )
        }
        after={
          <>
            <button
              type="button"
              className="button button-secondary"
              disabled={!email || link.isPending || shared}
              onClick={() => link.mutate(email)}
            >
              {t`Email me a sign-in link`}
            </button>
            {link.isSuccess && (
              <Notice tone="success">{t`Check your email: the link we sent signs you in.`}</Notice>
            )}
            {link.error && <Notice tone="error">{cleanError(link.error)}</Notice>}
          </>
        }
      >
        <div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={shared}
              aria-describedby="shared-computer-hint"
              onChange={(e) => setShared(e.target.checked)}
            />
            {t`This is a shared computer`}
          </label>
          <p id="shared-computer-hint" className="field-hint shared-computer-hint">
            {t`Chorus keeps nothing on this device, and closing this tab signs you out.`}
          </p>
        </div>
      </AuthForm>
      <p className="auth-links">
        <Link href="/forgot-password">{t`Forgot your password?`}</Link>
        <span>
          <Trans>
            New here? <Link href={signUpHref}>Create an account</Link>
          </Trans>
        </span>
      </p>
    </AuthLayout>
  )
}
