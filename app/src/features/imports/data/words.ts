// What an import's row says, in sentences: its state and counts, and the report of what it could
// not bring over (items of the archive, each with the file it came from and why).
import { plural, t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'
import { importFailure } from './failure-words.ts'
import type { ImportRow } from './imports.ts'
import { reportCodeSentence } from './report-words.ts'
import type { Values } from './report-words.ts'

export interface ReportItem {
  file: string
  index: number | null
  /** The server's English sentence: shown when the code is unknown or missing. */
  reason: string
  /** What went wrong, as a code with the values its sentence needs (report-words.ts). */
  code: string | null
  values: Values
}

/** A number as the app's language writes it ("50,000"). */
const count = (n: number | null | undefined) => new Intl.NumberFormat(formatLocale()).format(n ?? 0)

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
      return t`Waiting to start…`
    case 'running': {
      const total = row.messages_total
      if (!total) return t`Reading the export…`
      const done = count(row.messages_done)
      return plural(total, {
        one: `Importing: ${done} of # message.`,
        other: `Importing: ${done} of # messages.`,
      })
    }
    case 'done':
      return doneSentence(row)
    case 'failed': {
      const error = row.error ? importFailure(row.error).replace(/\.$/, '') : null
      return error
        ? t`The import failed: ${error}. Nothing of it was kept.`
        : t`The import failed. Nothing of it was kept.`
    }
    case 'cancelled':
      return t`Cancelled. Nothing of it was kept.`
    default:
      return row.status
  }
}

/** What a finished import brought: its messages, conversations and people, and its files. */
function doneSentence(row: Counts): string {
  const messages = row.messages_done ?? 0
  const channels = row.channels ?? 0
  const people = row.people ?? 0
  const filesTotal = row.files_total
  if (!filesTotal)
    return t`Imported ${plural(messages, { one: '# message', other: '# messages' })} in ${plural(channels, { one: '# conversation', other: '# conversations' })} from ${plural(people, { one: '# person', other: '# people' })}.`
  const filesDone = count(row.files_done)
  return t`Imported ${plural(messages, { one: '# message', other: '# messages' })} in ${plural(channels, { one: '# conversation', other: '# conversations' })} from ${plural(people, { one: '# person', other: '# people' })}, and ${filesDone} of ${plural(filesTotal, { one: '# file', other: '# files' })}.`
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
    const { file, index, reason, code, values } = entry as Record<string, unknown>
    if (typeof reason !== 'string') continue
    items.push({
      file: typeof file === 'string' ? file : '',
      index: typeof index === 'number' ? index : null,
      reason,
      code: typeof code === 'string' ? code : null,
      values: typeof values === 'object' && values !== null ? (values as Values) : {},
    })
  }
  return items
}

/** Why an item could not be imported, in the app's language when its code is known. */
export function reportSentence(item: ReportItem): string {
  return (item.code && reportCodeSentence(item.code, item.values)) ?? item.reason
}

/** Where in the archive an item was: "general/2024-01-02.json, item 3". */
export function itemPlace(item: ReportItem): string {
  if (!item.file) return t`the archive`
  if (item.index === null) return item.file
  const file = item.file
  const number = item.index + 1
  return t`${file}, item ${number}`
}
