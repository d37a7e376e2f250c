// What the message list shows, in order: day dividers, the features' lines between rows (the
// extension slot's dividers: "New messages", under its day's divider, right above the message
// it is before), messages (grouped under one header when the same
// person, or the same app under the same name, writes again within minutes) and unsent ones.
import { t } from '@lingui/core/macro'
import { dateFormats } from '../../../lib/date-formats.ts'
import type { ChatMessage, PendingMessage } from '../conversation/types.ts'
import type { MessageExtension, RowDivider } from '../../../slots/message.ts'

export type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'divider'; key: string; divider: RowDivider }
  | { kind: 'message'; key: string; message: ChatMessage; grouped: boolean }
  | { kind: 'pending'; key: string; pending: PendingMessage; grouped: boolean }

/** The features' lines between a conversation's rows. */
export function dividersOf(extensions: readonly MessageExtension[]): RowDivider[] {
  return extensions.flatMap((e) => (e.divider ? [e.divider] : []))
}

const GROUP_WINDOW_MS = 5 * 60 * 1000

/** Who a message is grouped by: its author, or the app and name it was posted under; null: none. */
function authorKey(message: ChatMessage): string | null {
  if (message.authorId) return message.authorId
  return message.app ? `app:${message.app.name}:${message.app.username ?? ''}` : null
}

export function buildRows(
  messages: ChatMessage[],
  pending: PendingMessage[],
  dividers: readonly RowDivider[],
  now: Date = new Date()
): Row[] {
  const rows: Row[] = []
  let lastDay = ''
  let lastAuthor: string | null = null
  let lastTime = 0
  const placed = new Set<string>()
  /** The oldest message loaded (shown or deleted). */
  const firstSeq = messages[0]?.seq ?? 0
  /** The day's divider when the day changes, then the lines due before this message (a line
   * sits under its day's divider, right above the message it is before), then whether the
   * message is grouped with the one above it. */
  const place = (createdAt: string, author: string | null, deleted: boolean, seq?: number) => {
    const date = new Date(createdAt)
    const day = dayKey(date)
    let grouped =
      !deleted &&
      author !== null &&
      author === lastAuthor &&
      date.getTime() - lastTime < GROUP_WINDOW_MS
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, label: dayLabel(date, now) })
      lastDay = day
      grouped = false
    }
    for (const divider of dividers) {
      if (seq === undefined || placed.has(divider.id) || seq <= divider.afterSeq) continue
      // Only right above the first message after its position: while that one is not loaded
      // (an older page), the line waits for it rather than sit above a later one.
      if (firstSeq > divider.afterSeq + 1) continue
      rows.push({ kind: 'divider', key: `divider-${divider.id}`, divider })
      placed.add(divider.id)
      grouped = false
    }
    lastAuthor = deleted ? null : author
    lastTime = date.getTime()
    return grouped
  }
  for (const message of messages) {
    // A deleted message goes, as in Slack, unless a thread hangs under it: then its tombstone
    // stays to carry the thread.
    if (message.deletedAt !== null && !(message.thread && message.thread.replyCount > 0)) continue
    const deleted = message.deletedAt !== null
    const grouped = place(message.createdAt, authorKey(message), deleted, message.seq)
    rows.push({ kind: 'message', key: message.id, message, grouped })
  }
  for (const item of pending) {
    const grouped = place(item.createdAt, item.authorId, false)
    rows.push({ kind: 'pending', key: item.id, pending: item, grouped })
  }
  return rows
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`
}

export function dayLabel(date: Date, now: Date): string {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const that = new Date(date.getFullYear(), date.getMonth(), date.getDate())
  const days = Math.round((today.getTime() - that.getTime()) / 86_400_000)
  if (days === 0) return t`Today`
  if (days === 1) return t`Yesterday`
  const format =
    date.getFullYear() === now.getFullYear() ? dateFormats().day : dateFormats().dayWithYear
  return format.format(date)
}
