// Threads in the message screen's extension slot (slots/message.ts): "Reply in thread" on a
// message of the channel's list (the toolbar, the sheet, and the `t` key), the summary under a
// parent (reply count, last repliers, last reply; it stays under a deleted parent's tombstone),
// and "replied in a thread" on a reply also sent to the channel. Inside a thread nothing opens
// another (one level). In an archived channel no thread starts; an existing one still opens,
// to be read (the summary, the link and `t`).
import { t } from '@lingui/core/macro'
import { useCallback, useMemo } from 'react'
import { navigate } from '../../lib/router.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type {
  MessageAction,
  MessageCapabilities,
  MessageExtension,
  MessageFeature,
  RowContext,
  UseMessageExtension,
} from '../../slots/message.ts'
import { fullTimeLabel, timeLabel } from '../../lib/date-formats.ts'
import { ThreadSummaryButton } from './components/ThreadSummary.tsx'

/** The thread a message opens here (its own, or a reply's parent's); null: none (pure). */
export function threadOf(message: ChatMessage, capabilities: MessageCapabilities): string | null {
  if (capabilities.place === 'thread') return null
  // Read-only, only a thread that exists opens (one that has replies, or a reply's).
  if (capabilities.readOnly && !(message.thread ?? message.parentId)) return null
  return message.parentId ?? message.id
}

/** "Reply in thread" on one message (pure); read-only, only its key opens an existing one. */
export function threadActions(open: (threadId: string) => void) {
  return (message: ChatMessage, capabilities: MessageCapabilities): MessageAction[] => {
    const thread = threadOf(message, capabilities)
    if (!thread) return []
    return [
      {
        id: 'reply',
        label: t`Reply in thread`,
        title: t`Reply in thread (t)`,
        icon: 'message-square-reply',
        inToolbar: true,
        run: () => open(thread),
        order: 20,
        key: 't',
        keyOnly: capabilities.readOnly,
      },
    ]
  }
}

function threadOrigin(open: (threadId: string) => void) {
  return (message: ChatMessage, { capabilities }: RowContext) => {
    const thread = message.parentId ? threadOf(message, capabilities) : null
    return (
      thread && (
        <button type="button" className="link-button thread-origin" onClick={() => open(thread)}>
          {t`replied in a thread`}
        </button>
      )
    )
  }
}

function threadSummary(open: (threadId: string) => void) {
  return (message: ChatMessage, { capabilities, people }: RowContext) => {
    const summary = message.thread
    const thread = summary ? threadOf(message, capabilities) : null
    if (!summary || !thread || (summary.replyCount === 0 && summary.lastSeq === 0)) return null
    const at = summary.lastReplyAt
    return (
      <ThreadSummaryButton
        replyCount={summary.replyCount}
        lastRepliers={summary.lastRepliers}
        avatarOf={people.avatarOf}
        lastReply={at ? { at, short: timeLabel(at), full: fullTimeLabel(at) } : null}
        onOpen={() => open(thread)}
      />
    )
  }
}

/** Its parts of the rows, opening a thread with `open` (pure). */
export function threadParts(open: (threadId: string) => void): MessageExtension {
  return {
    id: 'threads',
    actions: threadActions(open),
    aboveBody: threadOrigin(open),
    belowBody: threadSummary(open),
  }
}

export const useThreadsExtension: UseMessageExtension = ({
  workspaceId,
  channelId,
  prefetchThread,
}) => {
  const open = useCallback(
    (threadId: string) => {
      prefetchThread(threadId)
      navigate(`/w/${workspaceId}/c/${channelId}/t/${threadId}`)
    },
    [workspaceId, channelId, prefetchThread]
  )
  return useMemo(() => threadParts(open), [open])
}

/** In the slot (features/message-extensions.ts finds it): after pins and saved. */
const threads: MessageFeature = { id: 'threads', order: 30, useChannel: useThreadsExtension }
export default threads
