// How a conversation's rows render, shared by the channel and the thread panel: day dividers,
// the features' lines between rows (the extension slot's dividers: "New messages"), messages
// wired to the LiveChannel (edit, delete, react) with the features' parts, and unsent ones
// (retry, discard). The two differ in where the rows are (`place`) and their extensions. In an
// archived channel the rows are read-only in both (as Slack's): no edit, delete or reactions.
import { useCallback, useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'
import type { LiveChannel } from '../conversation/live-channel.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { MessageItem } from './MessageItem.tsx'
import type { MessageHandlers } from './MessageItem.tsx'
import { PendingItem } from './PendingItem.tsx'
import type { People } from '../../../slots/message.ts'
import type { Row } from './rows.ts'
import type { MessageExtension, RowPlace } from '../../../slots/message.ts'

export interface RowRendererOptions {
  live: LiveChannel | null
  /** The conversation's messages, newest last (Up in an empty composer edits my last one). */
  messages: ChatMessage[]
  people: People
  isAdmin: boolean
  /** Where the rows are: the channel's list, or a thread's (absent: the channel's). */
  place?: RowPlace
  /** Where focus goes back to when an edit ends. */
  composerRef: RefObject<HTMLTextAreaElement | null>
  /** Local previews of files still uploading, by attachment id. */
  localUrls: ReadonlyMap<string, string>
  /** An archived channel: nothing can be changed. */
  readOnly: boolean
  /** The features' parts of the rows (features/message-extensions.ts; absent: none). */
  extensions?: readonly MessageExtension[]
  /** A message opened by its link, shown highlighted. */
  focusId?: string | null
}

export interface RowRenderer {
  renderRow: (row: Row) => React.ReactNode
  /** The message being edited in place, if any. */
  editing: string | null
  /** Edits my newest message that is not deleted and whose text may be edited (not a poll's):
   * Up in an empty composer. */
  editLast: () => void
}

export function useRowRenderer(options: RowRendererOptions): RowRenderer {
  const { live, messages, people, isAdmin, place, composerRef } = options
  const { localUrls, readOnly, extensions, focusId } = options
  const me = people.me
  const [editing, setEditing] = useState<string | null>(null)
  const handlers = useMessageHandlers(live, setEditing, composerRef)

  // The same function from render to render (the composer is not rendered again for it): it
  // reads the conversation as it is when called.
  const latest = useRef({ messages, me, readOnly, extensions })
  latest.current = { messages, me, readOnly, extensions }
  const editLast = useCallback(() => {
    const { messages, me, readOnly, extensions } = latest.current
    if (readOnly) return
    const mine = [...messages]
      .reverse()
      .find((m) => m.authorId === me && !m.deletedAt && !extensions?.some((e) => e.fixedText?.(m)))
    if (mine) setEditing(mine.id)
  }, [])

  const renderRow = useCallback(
    (row: Row) => {
      switch (row.kind) {
        case 'day':
          return (
            // No role: a feed owns articles only (WAI-ARIA); the line is read as its text.
            <div className="day-divider">
              <span>{row.label}</span>
            </div>
          )
        case 'divider':
          return (
            <div className={row.divider.className}>
              <span>{row.divider.label}</span>
            </div>
          )
        case 'message': {
          const message = row.message
          return (
            <MessageItem
              message={message}
              grouped={row.grouped}
              people={people}
              canDelete={message.authorId === me || isAdmin}
              editing={editing === message.id}
              handlers={handlers}
              readOnly={readOnly}
              place={place}
              extensions={extensions}
              focused={focusId === message.id}
            />
          )
        }
        case 'pending':
          return (
            <PendingItem
              pending={row.pending}
              grouped={row.grouped}
              people={people}
              localUrls={localUrls}
              onRetry={() => live?.retry(row.pending.id)}
              onDiscard={() => live?.discard(row.pending.id)}
            />
          )
      }
    },
    [people, me, isAdmin, editing, handlers, live, place, localUrls, readOnly, extensions, focusId]
  )

  return { renderRow, editing, editLast }
}

/**
 * One handlers object for every row of a conversation, the same from render to render (the
 * LiveChannel it acts on read when it is called): a row whose message has not changed is not
 * rendered again when the list is.
 */
export function useMessageHandlers(
  live: LiveChannel | null,
  setEditing: (id: string | null) => void,
  composerRef: RefObject<HTMLTextAreaElement | null> | null
): MessageHandlers {
  const current = useRef(live)
  current.current = live
  return useMemo(
    () => ({
      startEdit: (id) => setEditing(id),
      endEdit: () => {
        setEditing(null)
        composerRef?.current?.focus()
      },
      edit: async (id, body) => {
        const result = await current.current?.edit(id, body)
        return result && !result.ok ? result.error : null
      },
      remove: (id) => void current.current?.remove(id),
      toggleReaction: (id, emoji) => void current.current?.toggleReaction(id, emoji),
    }),
    [setEditing, composerRef]
  )
}
