import { plural, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Fragment, useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { formatLocale } from '../../../lib/i18n.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { CardPage } from '../../../ui/CardPage.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { useAuth } from '../../auth/index.ts'
import {
  needsPassword,
  useAcceptInvite,
  useInviteImported,
  useInvitePreview,
} from '../data/invite-mutations.ts'
import { InvitedAccountForm } from './InvitedAccountForm.tsx'

export function AcceptInvitePage({ token, email }: { token: string; email: string }) {
  const preview = useInvitePreview(token)
  const accept = useAcceptInvite()
  const auth = useAuth()
  const session = auth.status === 'signed-in' ? auth.session : null
  const [accountReady, setAccountReady] = useState(false)
  const invite = preview.data
  // A Slack import's history this invitation makes mine (only for my verified address).
  const imported = useInviteImported(token, !!session && invite?.status === 'valid').data ?? []

  const workspace = invite?.workspaceName ?? ''
  const inviter = invite?.invitedBy || t`Someone`
  // A member opening the link again goes straight into the workspace.
  const memberOf = invite?.status === 'already_member' ? invite.workspaceId : null
  useEffect(() => {
    if (memberOf) navigate(`/w/${memberOf}`, { replace: true })
  }, [memberOf])

  let body
  if (session && !accountReady && needsPassword(session.user.user_metadata))
    body = (
      <>
        {invite && (
          <p>
            <Trans>
              <bdi>{inviter}</bdi> invited you to join{' '}
              <strong>
                <bdi>{workspace}</bdi>
              </strong>
              . Choose your name and a password to finish.
            </Trans>
          </p>
        )}
        <InvitedAccountForm userId={session.user.id} onDone={() => setAccountReady(true)} />
      </>
    )
  else if (preview.isPending) body = <Spinner label={t`Loading the invitation`} />
  else if (preview.error) body = <Notice tone="error">{cleanError(preview.error)}</Notice>
  else if (!invite)
    body = (
      <p>
        {t`It may have been mistyped, cut short or withdrawn. Check that you have the whole link, or ask the person who sent it for a new one.`}
      </p>
    )
  else if (invite.status === 'already_member')
    body = (
      <>
        <p>{t`You are already a member of ${workspace}.`}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => navigate(`/w/${invite.workspaceId}`)}
        >
          {t`Open ${workspace}`}
        </button>
      </>
    )
  else if (invite.status === 'expired')
    body = (
      <p>
        <Trans>
          The invitation to <strong>{workspace}</strong> is no longer valid. Ask{' '}
          <bdi>{inviter}</bdi> for a new link.
        </Trans>
      </p>
    )
  else if (invite.status === 'used')
    body = (
      <p>
        <Trans>
          This invitation to <strong>{workspace}</strong> was already used. Ask <bdi>{inviter}</bdi>{' '}
          for a new link.
        </Trans>
      </p>
    )
  else {
    const invited = invite.email
    const people = listOf(
      imported.map((person) => {
        const name = person.displayName
        const count = person.messages
        const messages = plural(count, { one: '# message', other: '# messages' })
        return (
          <Trans>
            “<bdi>{name}</bdi>” ({messages})
          </Trans>
        )
      })
    )
    body = (
      <>
        <p>
          {invite.role === 'admin' ? (
            <Trans>
              <bdi>{inviter}</bdi> invited you to join{' '}
              <strong>
                <bdi>{workspace}</bdi>
              </strong>{' '}
              as an admin.
            </Trans>
          ) : (
            <Trans>
              <bdi>{inviter}</bdi> invited you to join{' '}
              <strong>
                <bdi>{workspace}</bdi>
              </strong>{' '}
              as a member.
            </Trans>
          )}
        </p>
        {invited && invited !== email.toLowerCase() && (
          <Notice tone="warning">
            {t`This invitation is for ${invited}; you are signed in as ${email}. Sign in with that address to accept it.`}
          </Notice>
        )}
        {imported.length > 0 && (
          <Notice tone="info">
            <Trans>
              Accepting also makes the history imported from Slack as {people} yours: it shows as
              you, and you can edit or delete those messages.
            </Trans>
          </Notice>
        )}
        {accept.error && <Notice tone="error">{cleanError(accept.error)}</Notice>}
        <button
          type="button"
          className="button button-primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, { onSuccess: (id) => navigate(`/w/${id}`, { replace: true }) })
          }
        >
          {accept.isPending ? t`Joining…` : t`Join ${workspace}`}
        </button>
      </>
    )
  }

  const title = !invite
    ? preview.isSuccess
      ? t`This invitation link does not work`
      : t`Invitation`
    : invite.status === 'expired'
      ? t`This invitation has expired`
      : invite.status === 'used'
        ? t`This invitation was already used`
        : t`Join ${workspace}`
  return <CardPage title={title}>{body}</CardPage>
}

/** "A, B and C" as the app's language writes a list, of elements. */
function listOf(items: ReactNode[]): ReactNode {
  const format = new Intl.ListFormat(formatLocale(), { type: 'conjunction' })
  let next = 0
  return format
    .formatToParts(items.map((_, at) => String(at)))
    .map((part, at) => (
      <Fragment key={at}>{part.type === 'element' ? items[next++] : part.value}</Fragment>
    ))
}
