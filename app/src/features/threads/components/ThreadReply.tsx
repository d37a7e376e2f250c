// The reply box of a card in the Threads view: the composer the thread panel has (mentions of
// the channel's people, formatting, emoji, slash commands, files, "Also send to #channel"), with
// the thread's draft, so a reply begun here is there in the thread panel and on my other devices.
import { t } from '@lingui/core/macro'
import { useMemo, useRef, useState } from 'react'
import type { ComponentProps } from 'react'
import { useChannelMembersQuery } from '../../channels/index.ts'
import { Composer } from '../../messages/index.ts'
import { useMembersQuery } from '../../workspaces/index.ts'
import type { FollowedThread } from '../data/threads.ts'

type ComposerProps = ComponentProps<typeof Composer>

interface Props {
  thread: FollowedThread
  workspaceId: string
  /** The channel as the card names it ("#general", "Direct message"). */
  channel: string
  uploads: ComposerProps['uploads']
  onSend: ComposerProps['onSend']
  alsoToChannel: boolean
  setAlsoToChannel: (also: boolean) => void
}

export function ThreadReply(props: Props) {
  const { thread, workspaceId, alsoToChannel } = props
  const [alsoAllowed, setAlsoAllowed] = useState(false)
  const inputRef = useRef<HTMLTextAreaElement | null>(null)
  const roster = useChannelMembersQuery(thread.channelId)
  const workspace = useMembersQuery(workspaceId)
  const members = useMemo(
    () => (roster.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [roster.data]
  )
  const workspacePeople = useMemo(
    () => (workspace.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [workspace.data]
  )
  const channelName = thread.channelKind === 'dm' ? '' : (thread.channelName ?? '')
  const { channel } = props
  return (
    <div className="thread-card-reply">
      <Composer
        channelId={`${thread.channelId}.thread.${thread.id}`}
        scope={{ workspaceId, channelId: thread.channelId }}
        channelName={channelName}
        placeholder={t`Reply…`}
        label={t`Reply in thread in ${channel}`}
        threadId={thread.id}
        alsoToChannel={alsoToChannel}
        onAlsoAllowed={setAlsoAllowed}
        disabledReason={null}
        members={members}
        workspacePeople={workspacePeople}
        uploads={props.uploads}
        onSend={props.onSend}
        onEditLast={() => {}}
        onTyping={() => {}}
        onStopTyping={() => {}}
        inputRef={inputRef}
      />
      {alsoAllowed && channelName && (
        <label className="thread-card-also">
          <input
            type="checkbox"
            checked={alsoToChannel}
            onChange={(e) => props.setAlsoToChannel(e.target.checked)}
          />
          {t`Also send to #${channelName}`}
        </label>
      )}
    </div>
  )
}
