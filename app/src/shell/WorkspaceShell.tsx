// The signed-in layout: workspaces rail, sidebar of channels, the open channel, and its members,
// plus the host of the workspace's dialogs. At phone width the sidebar and members become drawers.
// Alt+Up/Down switches channel (use-channel-keys.ts).
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { cleanError } from '../lib/clean-error.ts'
import { browserStore } from '../lib/local-store.ts'
import { navigate } from '../lib/router.ts'
import { useRefreshHeld } from '../features/auth/index.ts'
import { useLeaveWorkspace } from '../features/workspaces/index.ts'
import { Sidebar, channelLabel } from '../features/channels/index.ts'
import { ChannelView, ThreadsLink } from '../features/messages/index.ts'
import { LaterLink } from '../features/saved/index.ts'
import { SearchLauncher } from '../features/search/index.ts'
import { ClosedWorkspace } from '../features/security/index.ts'
import { EmptyState, ErrorState, Notice, Spinner } from '../ui/Notice.tsx'
import { Link } from '../ui/Link.tsx'
import { MenuButton } from '../ui/MenuButton.tsx'
import { ChannelHeader } from './ChannelHeader.tsx'
import { MembersPanel } from './MembersPanel.tsx'
import type { WorkspaceDialog } from './WorkspaceDialogs.tsx'
import { WorkspaceRail } from './WorkspaceRail.tsx'
import { useChannelKeys } from './use-channel-keys.ts'
import { useRetryWhenBack } from './use-retry-when-back.ts'
import { useWorkspaceData } from './use-workspace-data.tsx'

const LAST_WORKSPACE_KEY = 'chorus.last-workspace'

// The Threads view: loaded when it is first opened.
const ThreadsView = lazy(() => import('../features/messages/components/ThreadsView.tsx'))
// Later (saved messages): loaded when it is first opened.
const LaterView = lazy(() => import('../features/saved/components/LaterView.tsx'))
// The dialogs (invite, members, channels, profile): loaded when one is first opened.
const WorkspaceDialogs = lazy(() => import('./WorkspaceDialogs.tsx'))

export function WorkspaceShell({
  workspaceId,
  channelId,
  messageId = null,
  threadId = null,
  view = null,
}: {
  workspaceId: string
  channelId: string | null
  /** A permalink's message: the channel opens at it. */
  messageId?: string | null
  /** A thread open beside the channel. */
  threadId?: string | null
  /** The Threads view instead of a channel. */
  view?: 'threads' | 'later' | null
}) {
  const queryClient = useQueryClient()
  const data = useWorkspaceData(workspaceId, channelId)
  const { me, workspaces, workspace, isAdmin, members, channels, channelList, channel, online } =
    data
  const leave = useLeaveWorkspace(workspaceId)
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null)
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const [membersOpen, setMembersOpen] = useState(false)
  const composerRef = useRef<HTMLTextAreaElement>(null)
  useChannelKeys({ workspaceId, channels: channelList, me, channelId, composerRef })
  useRetryWhenBack()
  // The session's refresh waits for the server (refresh-hold.ts): what shows is last-known.
  const held = useRefreshHeld()

  useEffect(() => {
    if (workspace) browserStore().setItem(LAST_WORKSPACE_KEY, workspace.id)
  }, [workspace])

  // No channel in the address: open #general (or the first one).
  useEffect(() => {
    if (channelId || view || !channels.data) return
    const first = channels.data.find((c) => c.isDefault) ?? channels.data.find((c) => !c.archivedAt)
    if (first) navigate(`/w/${workspaceId}/c/${first.id}`, { replace: true })
  }, [channelId, view, channels.data, workspaceId])

  if (workspaces.data && !workspace) {
    return (
      <main className="center-screen">
        <Suspense fallback={<Spinner />}>
          <ClosedWorkspace workspaceId={workspaceId} email={data.email}>
            <div className="card">
              <h1>Workspace not available</h1>
              <p className="muted">You are not a member of this workspace (anymore).</p>
              <Link href="/">Go to my workspaces</Link>
            </div>
          </ClosedWorkspace>
        </Suspense>
      </main>
    )
  }
  if (workspaces.error || channels.error) {
    const error = workspaces.error ?? channels.error
    return (
      <main className="center-screen">
        <ErrorState
          detail={cleanError(error)}
          onRetry={() => void queryClient.invalidateQueries()}
        />
      </main>
    )
  }
  // The open channel renders at once, before the workspace and channel lists arrive, so its
  // messages load in parallel with them.
  const workspaceName = workspace?.name ?? ''

  const { myProfile } = data
  return (
    <div
      className={`shell${sidebarOpen ? ' sidebar-open' : ''}${membersOpen ? ' members-open' : ''}`}
    >
      <a
        href="#composer"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault()
          composerRef.current?.focus()
        }}
      >
        Skip to message box
      </a>
      <WorkspaceRail
        workspaces={workspaces.data ?? []}
        activeId={workspaceId}
        me={me}
        myName={myProfile?.displayName ?? data.email}
        myAvatar={myProfile?.avatarPath ?? null}
        onProfile={() => setDialog('profile')}
      />
      <aside className="sidebar" aria-label={`${workspaceName} sidebar`}>
        <header className="workspace-header">
          <h1 title={workspaceName}>
            <bdi>{workspaceName}</bdi>
          </h1>
          <MenuButton label="Workspace menu" icon="⋯">
            {(close) => (
              <>
                {isAdmin && (
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      close()
                      setDialog('invite')
                    }}
                  >
                    Invite people
                  </button>
                )}
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    close()
                    setDialog('members')
                  }}
                >
                  Members ({members.data?.length ?? '…'})
                </button>
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    close()
                    if (window.confirm(`Leave ${workspaceName}?`))
                      leave.mutate(undefined, { onSuccess: () => navigate('/') })
                  }}
                >
                  Leave workspace
                </button>
              </>
            )}
          </MenuButton>
        </header>
        {leave.error && <Notice tone="error">{cleanError(leave.error)}</Notice>}
        {isAdmin && (
          <button
            type="button"
            className="button button-small invite-button"
            onClick={() => setDialog('invite')}
          >
            Invite people
          </button>
        )}
        {/* Also over the last-known list (offline cache) while the server does not answer. */}
        {channels.failureCount > 0 || held ? (
          <Notice tone="warning">
            {navigator.onLine
              ? 'Cannot reach the server. Retrying…'
              : 'You are offline. Retrying when the connection is back.'}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => void queryClient.refetchQueries()}
            >
              Try again
            </button>
          </Notice>
        ) : (
          !channels.data && <Spinner label="Loading channels" />
        )}
        <ThreadsLink
          workspaceId={workspaceId}
          me={me}
          active={view === 'threads'}
          onNavigate={() => setSidebarOpen(false)}
        />
        <LaterLink
          workspaceId={workspaceId}
          me={me}
          active={view === 'later'}
          onNavigate={() => setSidebarOpen(false)}
        />
        <Sidebar
          workspaceId={workspaceId}
          channels={channelList}
          activeId={channelId}
          me={me}
          online={online}
          onBrowse={() => setDialog('browse')}
          onCreate={() => setDialog('create-channel')}
          onNewDm={() => setDialog('new-dm')}
          onNavigate={() => setSidebarOpen(false)}
          loaded={!!channels.data && channels.failureCount === 0 && !held}
        />
      </aside>
      <div
        className="scrim"
        aria-hidden="true"
        onClick={() => {
          setSidebarOpen(false)
          setMembersOpen(false)
        }}
      />
      <main className="main" id="main">
        {view === 'later' ? (
          <Suspense fallback={<Spinner label="Loading saved messages" />}>
            <LaterView workspaceId={workspaceId} nameOf={data.nameOf} />
          </Suspense>
        ) : view === 'threads' ? (
          <Suspense fallback={<Spinner label="Loading threads" />}>
            <ThreadsView
              workspaceId={workspaceId}
              people={{
                me,
                nameOf: data.nameOf,
                avatarOf: data.avatarOf,
                resolveMention: (id) => ({ name: data.nameOf(id), isMe: id === me }),
              }}
            />
          </Suspense>
        ) : channelId && (channel || !channels.data) ? (
          <ChannelView
            key={channelId}
            workspaceId={workspaceId}
            channelId={channelId}
            channel={channel}
            me={me}
            isAdmin={isAdmin}
            nameOf={data.nameOf}
            avatarOf={data.avatarOf}
            workspacePeople={data.people}
            composerRef={composerRef}
            focusMessageId={messageId}
            threadId={threadId}
            header={
              channel ? (
                <ChannelHeader
                  channel={channel}
                  label={channelLabel(channel, me)}
                  memberCount={null}
                  onToggleSidebar={() => setSidebarOpen((v) => !v)}
                  onToggleMembers={() => setMembersOpen((v) => !v)}
                  onSettings={() => setDialog('channel-settings')}
                  onAddPeople={channel.kind === 'dm' ? null : () => setDialog('add-people')}
                  search={
                    <SearchLauncher
                      workspaceId={workspaceId}
                      workspaceName={workspaceName}
                      channels={channelList}
                      members={members.data ?? []}
                      me={me}
                      nameOf={data.nameOf}
                      channelId={channelId}
                    />
                  }
                />
              ) : (
                <header className="channel-header" aria-busy="true" />
              )
            }
          />
        ) : channelId ? (
          <EmptyState title="Channel not available">
            <p className="muted">
              It does not exist, or you are not a member. Browse channels to join one.
            </p>
            <button type="button" className="button" onClick={() => setDialog('browse')}>
              Browse channels
            </button>
          </EmptyState>
        ) : (
          <div className="list-center">
            <Spinner label="Opening the channel" />
          </div>
        )}
      </main>
      {channelId && (channel || !channels.data) && (
        <MembersPanel
          channelId={channelId}
          online={online}
          me={me}
          onClose={() => setMembersOpen(false)}
        />
      )}

      {dialog !== null && (
        <Suspense fallback={null}>
          <WorkspaceDialogs
            dialog={dialog}
            onClose={() => setDialog(null)}
            workspaceId={workspaceId}
            workspace={workspace}
            members={members.data ?? []}
            channels={channelList}
            channel={channel}
            me={me}
            email={data.email}
          />
        </Suspense>
      )}
    </div>
  )
}
