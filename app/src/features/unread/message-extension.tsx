// Unread in the message screen's extension slot (slots/message.ts), for each conversation
// on screen: the "new" line ("New messages" in the channel, "New replies" in a thread) where I
// had read up to when it opened, and "Mark unread" on a message, which first settles what is
// being marked read (the conversation's settleRead), then moves my read position back to just
// before it (data/mark-unread.ts: the channel's, or the thread's for a reply) and the line
// with it; the sidebar and the Threads view follow from the database (my user topic).
import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { cleanError } from '../../lib/clean-error.ts'
import { showToast } from '../../ui/layers.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type {
  ConversationScope,
  MessageAction,
  MessageExtension,
  MessageFeature,
  RowDivider,
  UseConversationExtension,
} from '../../slots/message.ts'
import { markThreadUnread, markUnread } from './data/mark-unread.ts'

/** Where the "new" line goes when a conversation opens: after what I had read, if anything
 *  newer is there (pure). */
export function newLineAt(position: NonNullable<ConversationScope['readPosition']>) {
  return position.newestSeq > position.lastReadSeq ? position.lastReadSeq : null
}

/** The line itself (pure): none while nothing is new. */
export function newLine(afterSeq: number | null | undefined, inThread: boolean): RowDivider | null {
  if (afterSeq === null || afterSeq === undefined) return null
  const label = inThread ? t`New replies` : t`New messages`
  return { id: 'new', afterSeq, label, className: 'new-marker' }
}

/** "Mark unread" on one message (pure): also read-only (my read position is mine). */
export function unreadActions(mark: (message: ChatMessage) => void) {
  return (message: ChatMessage): MessageAction[] => [
    {
      id: 'mark-unread',
      label: t`Mark unread`,
      icon: 'circle-dot',
      run: () => mark(message),
      order: 60,
    },
  ]
}

export const useUnreadExtension: UseConversationExtension = (scope) => {
  const { threadId, readPosition, settleRead } = scope
  const [afterSeq, setAfterSeq] = useState<number | null | undefined>(() =>
    readPosition ? newLineAt(readPosition) : undefined
  )
  useEffect(() => {
    if (afterSeq === undefined && readPosition) setAfterSeq(newLineAt(readPosition))
  }, [afterSeq, readPosition])
  const mark = useCallback(
    (message: ChatMessage) => {
      settleRead()
        .then(() => (threadId ? markThreadUnread : markUnread)(message.id))
        .then(setAfterSeq, (error: unknown) => {
          const reason = cleanError(error)
          showToast({ tone: 'error', message: t`Could not mark it unread: ${reason}` })
        })
    },
    [settleRead, threadId]
  )
  return useMemo(
    (): MessageExtension => ({
      id: 'unread',
      actions: unreadActions(mark),
      divider: newLine(afterSeq, threadId !== null),
    }),
    [mark, afterSeq, threadId]
  )
}

/** In the slot (features/message-extensions.ts finds it), for each conversation. */
const unread: MessageFeature = { id: 'unread', order: 40, useConversation: useUnreadExtension }
export default unread
