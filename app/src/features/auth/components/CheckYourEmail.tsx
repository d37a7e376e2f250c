import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useConfirmWithCode, useResendConfirmation } from '../data/auth-mutations.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthLayout } from './AuthLayout.tsx'

const CODE = /^\d{6}$/

/** After signing up: the link in the email confirms the address, and so does the code beside
 * it, entered here (on another device than the mail's, say). Once confirmed the person is signed
 * in and the app goes on to where sign-up was headed (an invitation, say). */
export function CheckYourEmail({ email }: { email: string }) {
  const resend = useResendConfirmation()
  const confirm = useConfirmWithCode()
  const [values, setValues] = useState({ code: '' })
  const refused = (confirm.error as { code?: unknown } | null)?.code === 'otp_expired'

  return (
    <AuthLayout title={t`Check your email`}>
      <p>
        <Trans>
          We sent a confirmation link to <strong>{email}</strong>. Open it to finish creating your
          account, or enter the code from the email here.
        </Trans>
      </p>
      <AuthForm
        fields={[
          {
            name: 'code',
            label: t`Code from the email`,
            autoComplete: 'one-time-code',
            check: (value) =>
              CODE.test(value.trim()) ? null : t`Enter the 6 digits from the email.`,
          },
        ]}
        values={values}
        onValue={(_, code) => setValues({ code })}
        error={confirm.error}
        errorText={
          refused
            ? t`That code is not right, or has expired. Check the email, or send it again.`
            : null
        }
        submit={t`Confirm`}
        pending={confirm.isPending}
        pendingLabel={t`Checking…`}
        onSubmit={() => confirm.mutate({ email, code: values.code })}
      />
      {resend.error && <Notice tone="error">{cleanError(resend.error)}</Notice>}
      <p className="auth-links">
        <button
          type="button"
          className="link-button"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate(email)}
        >
          {resend.isSuccess ? t`Sent again` : t`Send it again`}
        </button>
        <Link href="/sign-in">{t`Back to sign in`}</Link>
      </p>
    </AuthLayout>
  )
}
