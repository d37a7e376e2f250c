// The workspace's main pane: a feature's view (slots/view.ts: Threads, Later; each a lazy chunk),
// the open channel (with its header and the features' parts of it, slots/header.ts), a channel
// that is not there, or the wait for one.
import { t } from '@lingui/core/macro'
import { i18n } from '@lingui/core'
import { Suspense, useEffect } from 'react'
import type { RefObject } from 'react'
import { channelLabel } from '../features/channels/index.ts'
import { ChannelView } from '../features/messages/index.ts'
import { HeaderParts } from '../features/header-parts.tsx'
import { markFirstScreenShown, useAfterFirstRender } from '../lib/first-screen.ts'
import { EmptyState, Spinner } from '../ui/Notice.tsx'
import { lazyRetrying } from '../lib/lazy.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'
import { ChannelHeader } from './ChannelHeader.tsx'
import type { WorkspaceData } from './use-workspace-data.tsx'
import { workspaceView } from '../features/workspace-views.tsx'

/** A channel of the address that is not mine: a public one's preview, or "not available". */
const ChannelPeek = lazyRetrying(
  () => import('../features/channels/components/ChannelPeek.tsx'),
  NotLoaded
)

export interface MainPaneProps {
  workspaceId: string
  workspaceName: string
  channelId: string | null
  messageId: string | null
  threadId: string | null
  /** The open view's path (slots/view.ts), when not a channel. */
  view: string | null
  data: WorkspaceData
  composerRef: RefObject<HTMLTextAreaElement | null>
  /** Opens the dialog of this id (slots/workspace.ts). */
  onDialog: (dialog: string) => void
  onToggleSidebar: () => void
  onToggleMembers: () => void
  membersOpen: boolean
}

/** What a view's spinner says while its code loads ("Loading Threads"). */
function loadingLabel(name: string): string {
  return t`Loading ${name}`
}

export function MainPane(props: MainPaneProps) {
  const { workspaceId, workspaceName, channelId, messageId, threadId, view, data } = props
  const { composerRef, onDialog, onToggleSidebar, onToggleMembers } = props
  const { me, isAdmin, members, channels, channelList, channel } = data
  const showsChannel = !!channelId && (!!channel || !channels.data)
  const opened = view ? workspaceView(view) : undefined
  const partProps = {
    workspaceId,
    workspaceName,
    channels: channelList,
    members: members.data ?? [],
    me,
    nameOf: data.nameOf,
    channelId,
  }
  // In the page's first render the shell alone; the channel a task later.
  const paneReady = useAfterFirstRender()
  // Later, Threads or a missing channel is the first screen once shown; a channel's message list
  // says so itself when its first page is on screen.
  const shownOtherwise = view ?? (channelId && !showsChannel ? 'missing channel' : null)
  useEffect(() => {
    if (shownOtherwise) markFirstScreenShown()
  }, [shownOtherwise])
  const people = {
    me,
    nameOf: data.nameOf,
    avatarOf: data.avatarOf,
    resolveMention: (id: string) => ({ name: data.nameOf(id), isMe: id === me }),
  }
  // The features' parts of a header (search, the switcher's keys): a channel's and a view's.
  const parts = <HeaderParts {...partProps} />
  return (
    <main className="main" id="main">
      {opened ? (
        <Suspense fallback={<Spinner label={loadingLabel(i18n._(opened.label))} />}>
          <opened.View
            workspaceId={workspaceId}
            people={people}
            onShowChannels={onToggleSidebar}
            parts={parts}
          />
        </Suspense>
      ) : view ? (
        <EmptyState title={t`Page not found`}>
          <p className="muted">{t`There is nothing at this address in this workspace.`}</p>
        </EmptyState>
      ) : showsChannel && !paneReady ? (
        <section className="channel-view" aria-busy="true" />
      ) : showsChannel ? (
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
                onToggleSidebar={() => onToggleSidebar()}
                onToggleMembers={() => onToggleMembers()}
                membersOpen={props.membersOpen}
                onSettings={() => onDialog('channel-settings')}
                onAddPeople={channel.kind === 'dm' ? null : () => onDialog('add-people')}
                parts={parts}
                about={<HeaderParts place="about" {...partProps} />}
              />
            ) : (
              <header className="channel-header" aria-busy="true" />
            )
          }
        />
      ) : channelId ? (
        <Suspense fallback={null}>
          <ChannelPeek
            workspaceId={workspaceId}
            channelId={channelId}
            messageId={messageId}
            isGuest={data.isGuest}
            people={people}
            onDialog={onDialog}
            onShowChannels={onToggleSidebar}
            parts={parts}
          />
        </Suspense>
      ) : (
        <div className="list-center">
          <Spinner label={t`Opening the channel`} />
        </div>
      )}
    </main>
  )
}
