// What the export dialog says about an export (pure): its state in words, its size, and until
// when its file and its download link are kept.
import { t } from '@lingui/core/macro'
import { dateFormat } from '../../../lib/date-formats.ts'
import { formatSize } from '../../../lib/sizes.ts'
import { exportFailure } from './failure-words.ts'

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed'

export interface ExportItem {
  id: string
  kind: 'workspace' | 'personal'
  requestedBy: string
  status: ExportStatus
  size: number | null
  storagePath: string | null
  error: string | null
  createdAt: string
  finishedAt: string | null
  expiresAt: string | null
}

const when = (iso: string, now: Date) => {
  const at = new Date(iso)
  const sameDay = at.toDateString() === now.toDateString()
  return sameDay
    ? dateFormat({ hour: '2-digit', minute: '2-digit' }).format(at)
    : dateFormat({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at)
}

/** One line about the export's state. */
export function statusSentence(item: ExportItem, now = new Date()): string {
  switch (item.status) {
    case 'queued':
      return t`Waiting to start…`
    case 'running':
      return t`Being built… You can close this window; it goes on.`
    case 'failed': {
      const error = item.error ? exportFailure(item.error) : null
      return error ? t`Failed: ${error}` : t`Failed: the export could not be built.`
    }
    case 'done': {
      const size = formatSize(item.size ?? 0)
      if (!item.expiresAt) return t`Ready, ${size}.`
      const until = when(item.expiresAt, now)
      return t`Ready, ${size}. Kept until ${until}, then deleted.`
    }
  }
}

/** "Asked for at 10:32" (today) or with its date. */
export function askedSentence(item: ExportItem, now = new Date()): string {
  const at = when(item.createdAt, now)
  return t`Asked for at ${at}`
}

/** When a download link made now for `seconds` stops working. */
export function linkSentence(expiresAt: Date, now = new Date()): string {
  const until = when(expiresAt.toISOString(), now)
  return t`This link works until ${until} and only for you; ask for a new one after.`
}

/** Whether one of these (of `person`'s, when given) is still being made. */
export const inTheMaking = (items: readonly ExportItem[], person?: string) =>
  items.some(
    (item) =>
      (item.status === 'queued' || item.status === 'running') &&
      (person === undefined || item.requestedBy === person)
  )

/** What a workspace export holds: the workspace's setting (export_scope). */
export type ExportScope = 'public' | 'all'

/** One sentence on what a workspace export holds. */
export function scopeSentence(scope: ExportScope): string {
  return scope === 'all'
    ? t`A workspace export holds everything: public and private channels, and direct and group messages. Each such export is recorded in the audit log.`
    : t`A workspace export holds the public channels only, as Slack’s standard export: no private channel and no direct message.`
}

/** The notice every member gets when an owner changed what the workspace's exports hold. */
export function noticeSentence(
  notice: { scope: ExportScope; changedByName: string | null; changedAt: string | null },
  workspaceName: string,
  now = new Date()
): string {
  const who = notice.changedByName ?? t`An owner`
  const all = notice.scope === 'all'
  if (!notice.changedAt)
    return all
      ? t`${who} changed what exports of ${workspaceName} hold: they now hold private channels and direct messages too.`
      : t`${who} changed what exports of ${workspaceName} hold: they now hold public channels only.`
  const at = when(notice.changedAt, now)
  return all
    ? t`${who} changed what exports of ${workspaceName} hold (${at}): they now hold private channels and direct messages too.`
    : t`${who} changed what exports of ${workspaceName} hold (${at}): they now hold public channels only.`
}
