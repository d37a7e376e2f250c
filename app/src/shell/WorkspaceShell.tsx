// The signed-in layout: workspaces rail, the sidebar (WorkspaceSidebar.tsx), the main pane
// (MainPane.tsx: the open channel, Threads or Later) and the channel's members, plus the host of
// the workspace's dialogs, and the notice that what its exports hold changed. At phone width the
// sidebar and members become drawers.
// Alt+Up/Down switches channel (use-channel-keys.ts).
import { t } from '@lingui/core/macro'
import { Suspense, useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { cleanError } from '../lib/clean-error.ts'
import { browserStore } from '../lib/local-store.ts'
import { navigate } from '../lib/router.ts'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { ErrorState, Spinner } from '../ui/Notice.tsx'
import { WorkspaceRail } from './WorkspaceRail.tsx'
import { LiveParts } from '../features/live-parts.tsx'
import { WorkspaceSidebar } from './WorkspaceSidebar.tsx'
import { MainPane } from './MainPane.tsx'
import { useDefaultChannel } from './use-default-channel.ts'
import { useRetryWhenBack } from './use-retry-when-back.ts'
import { useWorkspaceData } from './use-workspace-data.tsx'
import { lazyRetrying, Nothing } from '../lib/lazy.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'

const LAST_WORKSPACE_KEY = 'chorus.last-workspace'
/** The members panel, open or not, as this device left it (at a desktop's width: on a tablet or
 * a phone it is a drawer, opened when wanted). Closed until first opened. */
const MEMBERS_KEY = 'chorus.members-open'
const besideChannel = () => window.innerWidth > 1100

// The features' dialogs (slots/workspace.ts): loaded when one is first opened.
const DialogHost = lazyRetrying(() => import('./DialogHost.tsx'), NotLoaded)
// A workspace that cannot be opened, and the features' notices: loaded when needed.
const NotAvailable = lazyRetrying(() => import('./NotAvailable.tsx'), NotLoaded)
const WorkspaceNotices = lazyRetrying(() => import('./WorkspaceNotices.tsx'), Nothing)
const ChannelKeys = lazyRetrying(() => import('./ChannelKeys.tsx'), Nothing)

// The channel's members: loaded after the first screen, its column held meanwhile (so that the
// messages are not laid out twice), and NotLoaded in that column when its code cannot be had.
const MembersPanel = lazyRetrying(() => import('./MembersPanel.tsx'), MembersNotLoaded)

function MembersColumn({ children }: { children?: ReactNode }) {
  return (
    <aside className="members-panel" aria-label={t`Channel members`} aria-busy={!children}>
      {children}
    </aside>
  )
}

function MembersNotLoaded() {
  return (
    <MembersColumn>
      <NotLoaded />
    </MembersColumn>
  )
}

/** A workspace chosen in the rail: the shell is keyed by its workspace, so the new one gives the
 * focus back to its rail item, gone with the old shell (a keyboard's Enter left nothing focused).
 * Here, not only in ui/dialog-focus.ts (keepRailFocus), which loads a moment after the first
 * screen: a switch made before then lost the focus (keyboard-only.spec). */
let fromRail = false

export function WorkspaceShell({
  workspaceId,
  channelId,
  messageId = null,
  threadId = null,
  view = null,
  newMessage = false,
}: {
  workspaceId: string
  channelId: string | null
  /** A permalink's message: the channel opens at it. */
  messageId?: string | null
  /** A thread open beside the channel. */
  threadId?: string | null
  /** A feature's view instead of a channel (slots/view.ts), by its path. */
  view?: string | null
  /** Opened by the installed app's "New message" shortcut: the new direct message dialog. */
  newMessage?: boolean
}) {
  const queryClient = useQueryClient()
  const data = useWorkspaceData(workspaceId, channelId)
  const { me, workspaces, workspace, members, channels, channelList, channel, online } = data
  // "New message" opens the shell (the shortcut goes through Home, or loads the page), so the
  // dialog is its first state; nothing in the app links to it from inside a workspace.
  const [dialog, setDialog] = useState<string | null>(newMessage ? 'new-dm' : null)
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const [membersOpen, setMembersOpen] = useState(
    () => besideChannel() && browserStore().getItem(MEMBERS_KEY) === '1'
  )
  // A thread takes the place beside the channel: the members panel closes when one opens.
  useEffect(() => {
    if (threadId) setMembersOpen(false)
  }, [threadId])
  const toggleMembers = () => {
    const open = !membersOpen
    if (besideChannel()) browserStore().setItem(MEMBERS_KEY, open ? '1' : '0')
    // Members open in the thread's place.
    if (open && threadId && channelId) navigate(`/w/${workspaceId}/c/${channelId}`)
    setMembersOpen(open)
  }
  const composerRef = useRef<HTMLTextAreaElement>(null)
  useRetryWhenBack()

  useEffect(() => {
    if (workspace) browserStore().setItem(LAST_WORKSPACE_KEY, workspace.id)
  }, [workspace])
  useEffect(() => {
    if (fromRail && document.activeElement === document.body)
      document.querySelector<HTMLElement>('.rail [aria-current=page]')?.focus()
    fromRail = false
  }, [])

  useDefaultChannel(workspaceId, channelId, view, channels.data)
  // The notice of a change to what the workspace's exports hold, and Alt+Up/Down: not part of
  // the first screen.
  const afterFirstScreen = useAfterFirstScreen()

  if (workspaces.data && !workspace) {
    return (
      <main className="center-screen">
        <Suspense fallback={<Spinner />}>
          <NotAvailable workspaceId={workspaceId} email={data.email} />
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
      onClickCapture={(e) => {
        fromRail = !!(e.target as Element).closest('.rail')
      }}
    >
      <a
        href="#composer"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault()
          composerRef.current?.focus()
        }}
      >
        {t`Skip to message box`}
      </a>
      <LiveParts workspaceId={workspaceId} me={me} isGuest={data.isGuest} />
      <WorkspaceRail
        workspaces={workspaces.data ?? []}
        activeId={workspaceId}
        me={me}
        myName={myProfile?.displayName ?? data.email}
        myAvatar={myProfile?.avatarPath ?? null}
        onProfile={() => setDialog('profile')}
      />
      <WorkspaceSidebar
        workspaceId={workspaceId}
        workspaceName={workspaceName}
        channelId={channelId}
        view={view}
        data={data}
        onDialog={setDialog}
        onNavigate={() => setSidebarOpen(false)}
      />
      <div
        className="scrim"
        aria-hidden="true"
        onClick={() => {
          setSidebarOpen(false)
          setMembersOpen(false)
        }}
      />
      <MainPane
        workspaceId={workspaceId}
        workspaceName={workspaceName}
        channelId={channelId}
        messageId={messageId}
        threadId={threadId}
        view={view}
        data={data}
        composerRef={composerRef}
        onDialog={setDialog}
        onToggleSidebar={() => setSidebarOpen((v) => !v)}
        onToggleMembers={toggleMembers}
        membersOpen={membersOpen}
      />
      {channelId &&
        membersOpen &&
        (channel || !channels.data) &&
        (afterFirstScreen ? (
          <Suspense fallback={<MembersColumn />}>
            <MembersPanel
              workspaceId={workspaceId}
              channelId={channelId}
              online={online}
              me={me}
              onClose={() => setMembersOpen(false)}
            />
          </Suspense>
        ) : (
          <MembersColumn />
        ))}

      {afterFirstScreen && workspace && (
        <Suspense fallback={null}>
          <WorkspaceNotices workspaceId={workspaceId} workspaceName={workspaceName} />
          <ChannelKeys {...{ workspaceId, me, channelId, composerRef }} channels={channelList} />
        </Suspense>
      )}
      {dialog !== null && (
        <Suspense fallback={null}>
          <DialogHost
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
