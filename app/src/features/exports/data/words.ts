// What the export dialog says about an export (pure): its state in words, its size, and until
// when its file and its download link are kept.
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

/** 1 KB, 3.4 MB, 1.2 GB (decimal steps of 1024, one decimal under 10). */
export function sizeLabel(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

const when = (iso: string, now: Date) => {
  const at = new Date(iso)
  const sameDay = at.toDateString() === now.toDateString()
  return sameDay
    ? at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** One line about the export's state. */
export function statusSentence(item: ExportItem, now = new Date()): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting to start…'
    case 'running':
      return 'Being built… You can close this window; it goes on.'
    case 'failed':
      return `Failed: ${item.error ?? 'the export could not be built.'}`
    case 'done':
      return (
        `Ready, ${sizeLabel(item.size ?? 0)}` +
        (item.expiresAt ? `. Kept until ${when(item.expiresAt, now)}, then deleted.` : '.')
      )
  }
}

/** "Asked for at 10:32" (today) or with its date. */
export function askedSentence(item: ExportItem, now = new Date()): string {
  return `Asked for at ${when(item.createdAt, now)}`
}

/** When a download link made now for `seconds` stops working. */
export function linkSentence(expiresAt: Date, now = new Date()): string {
  return `This link works until ${when(expiresAt.toISOString(), now)} and only for you; ask for a new one after.`
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
    ? 'A workspace export holds everything: public and private channels, and direct and group ' +
        'messages. Each such export is recorded in the audit log.'
    : 'A workspace export holds the public channels only, as Slack’s standard export: no ' +
        'private channel and no direct message.'
}

/** The notice every member gets when an owner changed what the workspace's exports hold. */
export function noticeSentence(
  notice: { scope: ExportScope; changedByName: string | null; changedAt: string | null },
  workspaceName: string,
  now = new Date()
): string {
  const who = notice.changedByName ?? 'An owner'
  const at = notice.changedAt ? ` (${when(notice.changedAt, now)})` : ''
  const what =
    notice.scope === 'all'
      ? 'they now hold private channels and direct messages too'
      : 'they now hold public channels only'
  return `${who} changed what exports of ${workspaceName} hold${at}: ${what}.`
}
