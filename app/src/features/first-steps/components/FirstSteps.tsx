// The first steps of a workspace (issue 68): a short checklist at the foot of the sidebar (invite
// your team, make a channel, choose notifications, install the app), each step a way to the
// place that does it (the workspace's dialogs, opened here: the shell's host is not given to a
// notice), ticked off by doing it. Hidden for good (on every device) with its ×; once everything
// is done it says so, until hidden. A workspace notice (slots/workspace.ts): its own lazy chunk,
// rendered once the first screen is shown; it goes into the open workspace's sidebar.
import { t } from '@lingui/core/macro'
import { Suspense, useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Icon } from '../../../ui/Icon.tsx'
import { cleanError } from '../../../lib/clean-error.ts'
import { useAuth } from '../../auth/index.ts'
import { channelKeys } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { workspaceKeys } from '../../workspaces/index.ts'
import type { Member, Workspace } from '../../workspaces/index.ts'
import { workspaceDialog } from '../../registry.ts'
import { firstStepsKeys, useDismissFirstSteps, useFirstSteps } from '../data/first-steps.ts'
import type { StepId } from '../data/first-steps.ts'
import './first-steps.css'

interface Props {
  workspaceId: string
  workspaceName: string
}

const STEPS: readonly { id: StepId; dialog: string }[] = [
  { id: 'invite', dialog: 'invite' },
  { id: 'channel', dialog: 'create-channel' },
  { id: 'notifications', dialog: 'preferences' },
  { id: 'install', dialog: 'install-app' },
]

function label(id: StepId): string {
  switch (id) {
    case 'invite':
      return t`Invite your team`
    case 'channel':
      return t`Create your first channel`
    case 'notifications':
      return t`Choose how you get notified`
    case 'install':
      return t`Install Chorus on your phone`
  }
}

/** The open workspace's sidebar, where the list goes (at its foot). */
function useSidebar(): Element | null {
  const [sidebar, setSidebar] = useState<Element | null>(() =>
    document.querySelector('.shell > .sidebar')
  )
  useEffect(() => {
    if (!sidebar) setSidebar(document.querySelector('.shell > .sidebar'))
  }, [sidebar])
  return sidebar
}

/** A workspace dialog (slots/workspace.ts) opened from the list, given the workspace as the
 * shell knows it (its queries' data, which the shell has loaded: read from the cache, so that
 * this chunk asks nothing more of the first screen's code than it gives other chunks). */
function StepDialog({
  id,
  workspaceId,
  onClose,
}: {
  id: string
  workspaceId: string
  onClose: () => void
}) {
  const auth = useAuth()
  const cache = useQueryClient()
  const Dialog = workspaceDialog(id)
  if (!Dialog || auth.status !== 'signed-in') return null
  return (
    <Suspense fallback={null}>
      <Dialog
        workspaceId={workspaceId}
        workspace={cache
          .getQueryData<Workspace[]>(workspaceKeys.list())
          ?.find((w) => w.id === workspaceId)}
        members={cache.getQueryData<Member[]>(workspaceKeys.members(workspaceId)) ?? []}
        channels={cache.getQueryData<Channel[]>(channelKeys.list(workspaceId)) ?? []}
        channel={null}
        me={auth.userId}
        email={auth.email}
        onClose={onClose}
      />
    </Suspense>
  )
}

export default function FirstSteps({ workspaceId }: Props) {
  const queryClient = useQueryClient()
  const steps = useFirstSteps(workspaceId)
  const dismiss = useDismissFirstSteps(workspaceId)
  const sidebar = useSidebar()
  const titleId = useId()
  const [dialog, setDialog] = useState<string | null>(null)
  if (!steps || steps.dismissed || steps.guest || !sidebar) return null
  const closeDialog = () => {
    setDialog(null)
    // What was done there (a channel made, an invitation) shows at once.
    void queryClient.invalidateQueries({ queryKey: firstStepsKeys.of(workspaceId) })
  }
  const doneCount = STEPS.filter((s) => steps.done[s.id]).length
  const allDone = doneCount === STEPS.length
  const total = STEPS.length
  const count = t`${doneCount} of ${total} done`
  return createPortal(
    <section className="first-steps" aria-labelledby={titleId} data-done={allDone || undefined}>
      <header className="first-steps-header">
        <h2 id={titleId}>{allDone ? t`You’re all set` : t`First steps`}</h2>
        <span className="first-steps-count" aria-hidden="true">
          {count}
        </span>
        <button
          type="button"
          className="icon-button first-steps-hide"
          aria-label={t`Hide first steps`}
          title={t`Hide`}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          <Icon name="x" size={14} />
        </button>
      </header>
      <div
        className="first-steps-progress"
        role="progressbar"
        aria-label={count}
        aria-valuemin={0}
        aria-valuemax={STEPS.length}
        aria-valuenow={doneCount}
      >
        <span style={{ inlineSize: `${(doneCount / STEPS.length) * 100}%` }} />
      </div>
      {allDone ? (
        <p className="first-steps-done">
          {t`Your workspace is ready. Hide this list when you like.`}{' '}
          <button type="button" className="link-button" onClick={() => dismiss.mutate()}>
            {t`Hide`}
          </button>
        </p>
      ) : (
        <ol className="first-steps-list">
          {STEPS.map(({ id, dialog: opens }) => {
            const done = steps.done[id]
            // A member who may not invite has nowhere to go for it (an admin invites).
            const open = !(id === 'invite' && !steps.mayInvite)
            const content = (
              <>
                <span className="first-step-mark" aria-hidden="true">
                  {done && <Icon name="check" size={12} />}
                </span>
                <span className="first-step-label">{label(id)}</span>
                <span className="visually-hidden">{done ? t`(done)` : t`(to do)`}</span>
              </>
            )
            return (
              <li key={id} data-step={id} data-done={done || undefined}>
                {open ? (
                  <button type="button" className="first-step" onClick={() => setDialog(opens)}>
                    {content}
                  </button>
                ) : (
                  <span className="first-step">{content}</span>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {dismiss.error && (
        <p role="alert" className="first-steps-error">
          {cleanError(dismiss.error)}
        </p>
      )}
      {dialog && <StepDialog id={dialog} workspaceId={workspaceId} onClose={closeDialog} />}
    </section>,
    sidebar
  )
}
