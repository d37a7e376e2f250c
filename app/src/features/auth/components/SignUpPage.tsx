import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '../../../ui/Link.tsx'
import { Spinner } from '../../../ui/Notice.tsx'
import { useSignUp } from '../data/auth-mutations.ts'
import { useInvitation } from '../data/invitation.ts'
import {
  passwordHint,
  validateDisplayName,
  validateEmail,
  validatePassword,
} from '../../../lib/validation.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthLayout } from './AuthLayout.tsx'
import { CheckYourEmail } from './CheckYourEmail.tsx'
import { InvitationIntro, InvitationRefused } from './InvitationIntro.tsx'

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
  const next = new URLSearchParams(window.location.search).get('next') ?? '/'
  const signInHref = `/sign-in${window.location.search}`
  // Sent here by an invitation link: who invited whom to what is said first, and a link that no
  // longer works says so instead of asking for an account it cannot give.
  const invitation = useInvitation(next)
  const invite = invitation.data

  if (signUp.isSuccess && signUp.data.needsConfirmation) return <CheckYourEmail email={email} />

  if (invitation.token && invitation.isPending)
    return (
      <AuthLayout title={t`Invitation`}>
        <Spinner label={t`Loading the invitation`} />
      </AuthLayout>
    )
  if (invitation.token && invitation.isSuccess && invite?.status !== 'valid')
    return <InvitationRefused invite={invite ?? null} next={next} />

  const workspace = invite?.workspaceName
  return (
    <AuthLayout title={workspace ? t`Join ${workspace} on Chorus` : t`Create your Chorus account`}>
      {invite && <InvitationIntro invite={invite} />}
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
