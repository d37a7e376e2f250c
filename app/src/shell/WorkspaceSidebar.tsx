// The workspace's sidebar: its name and menu (its items in WorkspaceMenu.tsx, a lazy chunk), the
// links of the features' views (slots/view.ts: Threads, Later), and the channels
// (features/channels' Sidebar), with what the server's silence means.
import { t } from '@lingui/core/macro'
import { Suspense } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { lazyRetrying } from '../lib/lazy.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'
import { useRefreshHeld } from '../features/auth/index.ts'
import { Sidebar } from '../features/channels/index.ts'
import { ViewLink, workspaceViews } from '../features/workspace-views.tsx'
import { Notice, Spinner } from '../ui/Notice.tsx'
import { MenuButton } from '../ui/MenuButton.tsx'
import { Icon } from '../ui/Icon.tsx'

// The menu's items: loaded when it first opens.
const WorkspaceMenu = lazyRetrying(() => import('./WorkspaceMenu.tsx'), NotLoaded)
import type { WorkspaceData } from './use-workspace-data.tsx'

export interface WorkspaceSidebarProps {
  workspaceId: string
  workspaceName: string
  channelId: string | null
  /** The open view's path (slots/view.ts), when not a channel. */
  view: string | null
  data: WorkspaceData
  /** Opens the dialog of this id (slots/workspace.ts). */
  onDialog: (dialog: string) => void
  /** A link in it was followed (the drawer closes at phone width). */
  onNavigate: () => void
}

export function WorkspaceSidebar(props: WorkspaceSidebarProps) {
  const { workspaceId, workspaceName, channelId, view, data, onDialog, onNavigate } = props
  const { me, isAdmin, isOwner, isGuest, members, channels, channelList, online } = data
  const queryClient = useQueryClient()
  // The session's refresh waits for the server (refresh-hold.ts): what shows is last-known.
  const held = useRefreshHeld()
  return (
    <aside className="sidebar" aria-label={t`${workspaceName} sidebar`}>
      <header className="workspace-header">
        <h1 title={workspaceName}>
          <bdi>{workspaceName}</bdi>
        </h1>
        <MenuButton label={t`Workspace menu`} icon={<Icon name="ellipsis" size={18} />}>
          {(close) => (
            <Suspense fallback={<span className="muted">…</span>}>
              <WorkspaceMenu
                close={close}
                onDialog={onDialog}
                workspaceId={workspaceId}
                workspaceName={workspaceName}
                memberCount={members.data?.length}
                isAdmin={isAdmin}
                isOwner={isOwner}
                isGuest={isGuest}
              />
            </Suspense>
          )}
        </MenuButton>
      </header>
      {isAdmin && (
        <button
          type="button"
          className="button button-small invite-button"
          onClick={() => onDialog('invite')}
        >
          {t`Invite people`}
        </button>
      )}
      {/* Also over the last-known list (offline cache) while the server does not answer. */}
      {channels.failureCount > 0 || held ? (
        <Notice tone="warning">
          {navigator.onLine
            ? t`Cannot reach the server. Retrying…`
            : t`You are offline. Retrying when the connection is back.`}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => void queryClient.refetchQueries()}
          >
            {t`Try again`}
          </button>
        </Notice>
      ) : (
        !channels.data && <Spinner label={t`Loading channels`} />
      )}
      {workspaceViews.map(({ path }) => (
        <ViewLink
          key={path}
          path={path}
          workspaceId={workspaceId}
          me={me}
          active={view === path}
          onNavigate={() => onNavigate()}
        />
      ))}
      <Sidebar
        workspaceId={workspaceId}
        channels={channelList}
        activeId={channelId}
        me={me}
        online={online}
        // A guest browses and creates no channels (the database refuses it too).
        onBrowse={isGuest ? undefined : () => onDialog('browse')}
        onCreate={isGuest ? undefined : () => onDialog('create-channel')}
        onNewDm={() => onDialog('new-dm')}
        onPreferences={() => onDialog('preferences')}
        onNavigate={() => onNavigate()}
        loaded={!!channels.data && channels.failureCount === 0 && !held}
      />
    </aside>
  )
}
