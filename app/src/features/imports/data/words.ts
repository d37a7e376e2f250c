// What an import's row says, in sentences: its state and counts, and the report of what it could
// not bring over (items of the archive, each with the file it came from and why).
import type { ImportRow } from './imports.ts'

export interface ReportItem {
  file: string
  index: number | null
  reason: string
}

const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US')

const plural = (n: number | null | undefined, one: string, many: string) =>
  `${count(n)} ${(n ?? 0) === 1 ? one : many}`

type Counts = Pick<
  ImportRow,
  | 'status'
  | 'people'
  | 'channels'
  | 'messages_total'
  | 'messages_done'
  | 'files_total'
  | 'files_done'
  | 'error'
>

/** The row's state in one sentence. */
export function importSentence(row: Counts): string {
  switch (row.status) {
    case 'queued':
      return 'Waiting to start…'
    case 'running':
      return row.messages_total
        ? `Importing: ${count(row.messages_done)} of ${plural(row.messages_total, 'message', 'messages')}.`
        : 'Reading the export…'
    case 'done': {
      const files = row.files_total
        ? `, and ${count(row.files_done)} of ${plural(row.files_total, 'file', 'files')}`
        : ''
      return (
        `Imported ${plural(row.messages_done, 'message', 'messages')} in ` +
        `${plural(row.channels, 'conversation', 'conversations')} from ` +
        `${plural(row.people, 'person', 'people')}${files}.`
      )
    }
    case 'failed':
      return `The import failed${row.error ? `: ${row.error.replace(/\.$/, '')}` : ''}. Nothing of it was kept.`
    case 'cancelled':
      return 'Cancelled. Nothing of it was kept.'
    default:
      return row.status
  }
}

/** The fraction done (0..1) of a running import that knows its total; null otherwise. */
export function importFraction(row: Counts): number | null {
  if (row.status !== 'running' || !row.messages_total) return null
  return Math.min(1, (row.messages_done ?? 0) / row.messages_total)
}

/** The report's items, whatever shape the column holds (anything unexpected is left out). */
export function reportItems(report: unknown): ReportItem[] {
  if (!Array.isArray(report)) return []
  const items: ReportItem[] = []
  for (const entry of report) {
    if (typeof entry !== 'object' || entry === null) continue
    const { file, index, reason } = entry as Record<string, unknown>
    if (typeof reason !== 'string') continue
    items.push({
      file: typeof file === 'string' ? file : '',
      index: typeof index === 'number' ? index : null,
      reason,
    })
  }
  return items
}

/** Where in the archive an item was: "general/2024-01-02.json, item 3". */
export function itemPlace(item: ReportItem): string {
  if (!item.file) return 'the archive'
  return item.index === null ? item.file : `${item.file}, item ${item.index + 1}`
}
