import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { InvitePreview } from '../../../lib/invite-preview.ts'
import { Link } from '../../../ui/Link.tsx'
import { AuthLayout } from './AuthLayout.tsx'

/** "Nora Quinn invited you to join Acme Robotics": said above the form before anything is
 * asked. */
export function InvitationIntro({ invite }: { invite: InvitePreview }) {
  const inviter = invite.invitedBy || t`Someone`
  const workspace = invite.workspaceName
  return (
    <p className="auth-invitation">
      <Trans>
        <bdi>{inviter}</bdi> invited you to join{' '}
        <strong>
          <bdi>{workspace}</bdi>
        </strong>
        .
      </Trans>
    </p>
  )
}

/** A link that cannot be used, said as such instead of a form that would lead nowhere: unknown
 * (mistyped, cut short or revoked), expired, or used up. */
export function InvitationRefused({
  invite,
  next,
}: {
  invite: InvitePreview | null
  next: string
}) {
  const signIn = `/sign-in?next=${encodeURIComponent(next)}`
  if (!invite)
    return (
      <AuthLayout title={t`This invitation link does not work`}>
        <p>
          {t`It may have been mistyped, cut short or withdrawn. Check that you have the whole link, or ask the person who sent it for a new one.`}
        </p>
        <p className="auth-links">
          <Link href="/sign-in">{t`Sign in`}</Link>
          <Link href="/sign-up">{t`Create an account without an invitation`}</Link>
        </p>
      </AuthLayout>
    )
  const inviter = invite.invitedBy || t`the person who invited you`
  const workspace = invite.workspaceName
  if (invite.status === 'expired')
    return (
      <AuthLayout title={t`This invitation has expired`}>
        <p>
          <Trans>
            The invitation to <strong>{workspace}</strong> is no longer valid. Ask{' '}
            <bdi>{inviter}</bdi> for a new link.
          </Trans>
        </p>
        <p className="auth-links">
          <Link href={signIn}>{t`Sign in`}</Link>
        </p>
      </AuthLayout>
    )
  return (
    <AuthLayout title={t`This invitation was already used`}>
      <p>
        <Trans>
          If you joined <strong>{workspace}</strong> with it, you are in: sign in to open it.
          Otherwise, ask <bdi>{inviter}</bdi> for a new link.
        </Trans>
      </p>
      <Link className="button button-primary" href={signIn}>
        {t`Sign in`}
      </Link>
    </AuthLayout>
  )
}
