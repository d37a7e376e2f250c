import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useResendConfirmation, useSendSignInLink, useSignIn } from '../data/auth-mutations.ts'
import { clearLinkError, linkErrorIn } from '../data/link-error.ts'
import { forgetEndedSessions } from '../data/forget-ended.ts'
import { AuthLayout } from './AuthLayout.tsx'
import './sign-in.css'

// Loaded whenever the app is signed out: what a refused session kept goes (forget-ended.ts).
forgetEndedSessions()

export function SignInPage({ expired }: { expired: boolean }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
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
  const notConfirmed = (signIn.error as { code?: unknown } | null)?.code === 'email_not_confirmed'

  function submit(event: FormEvent) {
    event.preventDefault()
    signIn.mutate({ email, password, shared })
  }

  return (
    <AuthLayout title={t`Sign in to Chorus`}>
      {linkError && <Notice tone="warning">{linkError.message}</Notice>}
      {expired && <Notice tone="warning">{t`Your session ended. Sign in again.`}</Notice>}
      <form onSubmit={submit} className="stack">
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
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
        {signIn.error && (
          <Notice tone="error">
            {notConfirmed
              ? t`Confirm your email first: open the link we sent you.`
              : cleanError(signIn.error)}
          </Notice>
        )}
        {notConfirmed && (
          <button
            type="button"
            className="button button-secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {resend.isSuccess ? t`Email sent again` : t`Send the confirmation email again`}
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? t`Signing in…` : t`Sign in`}
        </button>
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
      </form>
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
