import { useState } from 'react'
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

  let body
  if (session && !accountReady && needsPassword(session.user.user_metadata))
    body = <InvitedAccountForm userId={session.user.id} onDone={() => setAccountReady(true)} />
  else if (preview.isPending) body = <Spinner label="Loading the invitation" />
  else if (preview.error) body = <Notice tone="error">{cleanError(preview.error)}</Notice>
  else if (!invite) body = <p>This invitation link is not valid. Ask for a new one.</p>
  else if (invite.status === 'already_member')
    body = (
      <>
        <p>You are already a member of {invite.workspaceName}.</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => navigate(`/w/${invite.workspaceId}`)}
        >
          Open {invite.workspaceName}
        </button>
      </>
    )
  else if (invite.status === 'expired')
    body = <p>This invitation to {invite.workspaceName} has expired. Ask for a new one.</p>
  else if (invite.status === 'used')
    body = <p>This invitation to {invite.workspaceName} was already used.</p>
  else
    body = (
      <>
        <p>
          {invite.invitedBy ? <bdi>{invite.invitedBy}</bdi> : 'Someone'} invited you to join{' '}
          <strong>
            <bdi>{invite.workspaceName}</bdi>
          </strong>{' '}
          as {invite.role === 'admin' ? 'an admin' : 'a member'}.
        </p>
        {invite.email && invite.email !== email.toLowerCase() && (
          <Notice tone="warning">
            This invitation is for {invite.email}; you are signed in as {email}. Sign in with that
            address to accept it.
          </Notice>
        )}
        {imported.length > 0 && (
          <Notice tone="info">
            Accepting also makes the history imported from Slack as{' '}
            {imported.map((person, at) => (
              <span key={at}>
                {at > 0 && ', '}“<bdi>{person.displayName}</bdi>” (
                {person.messages === 1 ? '1 message' : `${person.messages} messages`})
              </span>
            ))}{' '}
            yours: it shows as you, and you can edit or delete those messages.
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
          {accept.isPending ? 'Joining…' : `Join ${invite.workspaceName}`}
        </button>
      </>
    )

  return <CardPage title="Invitation">{body}</CardPage>
}
