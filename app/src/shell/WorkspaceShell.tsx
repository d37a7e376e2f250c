// The signed-in layout: workspaces rail, sidebar of channels, the open channel, and its members.
// At phone width the sidebar and members become drawers. Alt+Up/Down switches channel.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { cleanError } from '../lib/clean-error.ts'
import { browserStore } from '../lib/local-store.ts'
import { navigate } from '../lib/router.ts'
import { useAuth, useSignOut } from '../features/auth/index.ts'
import {
  InviteDialog,
  MembersDialog,
  useLeaveWorkspace,
  useMembersQuery,
  useWorkspaceLive,
  useWorkspacesQuery,
} from '../features/workspaces/index.ts'
import {
  AddPeopleDialog,
  BrowseChannelsDialog,
  ChannelSettingsDialog,
  CreateChannelDialog,
  NewDmDialog,
  Sidebar,
  channelKeys,
  channelLabel,
  useChannelRowPatch,
  useChannelsQuery,
} from '../features/channels/index.ts'
import { ChannelView } from '../features/messages/index.ts'
import { usePresence } from '../features/presence/index.ts'
import { Avatar, ProfileDialog } from '../features/profiles/index.ts'
import { EmptyState, ErrorState, Notice, Spinner } from '../ui/Notice.tsx'
import { Link } from '../ui/Link.tsx'
import { MenuButton } from '../ui/MenuButton.tsx'
import { ChannelHeader } from './ChannelHeader.tsx'
import { MembersPanel } from './MembersPanel.tsx'
import { WorkspaceRail } from './WorkspaceRail.tsx'

const LAST_WORKSPACE_KEY = 'chorus.last-workspace'
type DialogName =
  | 'invite'
  | 'members'
  | 'create-channel'
  | 'browse'
  | 'new-dm'
  | 'add-people'
  | 'channel-settings'
  | 'profile'
  | null

export function WorkspaceShell({
  workspaceId,
  channelId,
}: {
  workspaceId: string
  channelId: string | null
}) {
  const auth = useAuth()
  const me = auth.status === 'signed-in' ? auth.userId : ''
  const email = auth.status === 'signed-in' ? auth.email : ''
  const queryClient = useQueryClient()
  const workspaces = useWorkspacesQuery()
  const members = useMembersQuery(workspaceId)
  const channels = useChannelsQuery(workspaceId)
  const online = usePresence(workspaceId, me)
  const signOut = useSignOut()
  const leave = useLeaveWorkspace(workspaceId)
  const [dialog, setDialog] = useState<DialogName>(null)
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const [membersOpen, setMembersOpen] = useState(false)
  const composerRef = useRef<HTMLTextAreaElement>(null)

  const workspace = workspaces.data?.find((w) => w.id === workspaceId)
  const channelList = useMemo(() => channels.data ?? [], [channels.data])
  const channel = channelList.find((c) => c.id === channelId) ?? null
  const isAdmin = workspace?.role === 'owner' || workspace?.role === 'admin'

  const channelsKey = useMemo(() => channelKeys.list(workspaceId), [workspaceId])
  const rostersKey = useMemo(() => channelKeys.rosters(), [])
  const onChannelRow = useChannelRowPatch(workspaceId)
  useWorkspaceLive({ workspaceId, userId: me, channelsKey, rostersKey, onChannelRow })

  const memberMap = useMemo(
    () => new Map((members.data ?? []).map((m) => [m.userId, m])),
    [members.data]
  )
  const nameOf = useCallback(
    (id: string) => memberMap.get(id)?.displayName ?? 'Former member',
    [memberMap]
  )
  const avatarOf = useCallback(
    (id: string, size: number) => {
      const m = memberMap.get(id)
      return (
        <Avatar name={m?.displayName ?? '?'} userId={id} path={m?.avatarPath ?? null} size={size} />
      )
    },
    [memberMap]
  )
  const people = useMemo(
    () => (members.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [members.data]
  )

  useEffect(() => {
    if (workspace) browserStore().setItem(LAST_WORKSPACE_KEY, workspace.id)
  }, [workspace])

  // No channel in the address: open #general (or the first one).
  useEffect(() => {
    if (channelId || !channels.data) return
    const first = channels.data.find((c) => c.isDefault) ?? channels.data.find((c) => !c.archivedAt)
    if (first) navigate(`/w/${workspaceId}/c/${first.id}`, { replace: true })
  }, [channelId, channels.data, workspaceId])

  // Alt+Up / Alt+Down: previous / next channel in the sidebar's order.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
      const links = [
        ...document.querySelectorAll<HTMLAnchorElement>('.sidebar-lists a[data-channel-id]'),
      ]
      const index = links.findIndex((a) => a.dataset.channelId === channelId)
      const next = links[index + (event.key === 'ArrowUp' ? -1 : 1)]
      if (next) {
        event.preventDefault()
        navigate(next.getAttribute('href')!)
        requestAnimationFrame(() => composerRef.current?.focus())
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [channelId])

  if (workspaces.data && !workspace) {
    return (
      <main className="center-screen">
        <div className="card">
          <h1>Workspace not available</h1>
          <p className="muted">You are not a member of this workspace (anymore).</p>
          <Link href="/">Go to my workspaces</Link>
        </div>
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

  const myProfile = memberMap.get(me)
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
        myName={myProfile?.displayName ?? email}
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
        {!channels.data && <Spinner label="Loading channels" />}
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
        {channelId && (channel || !channels.data) ? (
          <ChannelView
            key={channelId}
            workspaceId={workspaceId}
            channelId={channelId}
            channel={channel}
            me={me}
            isAdmin={isAdmin}
            nameOf={nameOf}
            avatarOf={avatarOf}
            workspacePeople={people}
            composerRef={composerRef}
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
      {channelId && (
        <MembersPanel
          channelId={channelId}
          online={online}
          me={me}
          onClose={() => setMembersOpen(false)}
        />
      )}

      {dialog === 'invite' && (
        <InviteDialog
          workspaceId={workspaceId}
          workspaceName={workspaceName}
          userId={me}
          open
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'members' && (
        <MembersDialog
          workspaceId={workspaceId}
          members={members.data ?? []}
          me={me}
          myRole={workspace?.role ?? 'member'}
          open
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'create-channel' && (
        <CreateChannelDialog
          workspaceId={workspaceId}
          open
          onClose={() => setDialog(null)}
          people={people.filter((p) => p.id !== me)}
        />
      )}
      {dialog === 'browse' && (
        <BrowseChannelsDialog
          workspaceId={workspaceId}
          open
          onClose={() => setDialog(null)}
          joinedIds={new Set(channelList.map((c) => c.id))}
        />
      )}
      {dialog === 'new-dm' && (
        <NewDmDialog
          workspaceId={workspaceId}
          open
          onClose={() => setDialog(null)}
          people={people.filter((p) => p.id !== me)}
        />
      )}
      {channel && dialog === 'add-people' && (
        <AddPeopleDialog
          workspaceId={workspaceId}
          open
          onClose={() => setDialog(null)}
          channel={channel}
          candidates={people.filter((p) => p.id !== me)}
        />
      )}
      {channel && dialog === 'channel-settings' && (
        <ChannelSettingsDialog
          key={channel.id}
          workspaceId={workspaceId}
          open
          onClose={() => setDialog(null)}
          channel={channel}
        />
      )}
      {dialog === 'profile' && (
        <ProfileDialog
          userId={me}
          email={email}
          open
          onClose={() => setDialog(null)}
          onSignOut={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}
        />
      )}
    </div>
  )
}
