// Why an export failed, in the app's language. The row's `error` is the server's English sentence,
// then its code and values in parentheses: "The workspace is gone. (workspace_gone)"
// (supabase/functions/_shared/archive/codes.ts, EXPORT_FAILURE_CODES; the test checks that every
// code there has a sentence here). A storage error's own message is a `detail`, shown as it is. An
// error with no code (an older export, or one the database wrote) or a code this app does not
// know reads as its sentence. (The imports feature reads its failures the same way; features
// share nothing but their index.ts, and its index is on the first screen.)
import { t } from '@lingui/core/macro'

type Values = Readonly<Record<string, string | number>>

const TAIL = /^([\s\S]*) \(([a-z][a-z0-9_]*)(?: (\{[\s\S]*\}))?\)$/

/** A row's `error` read back: its sentence, and its code and values when it has them. */
export function parseExportFailure(error: string): {
  reason: string
  code: string | null
  values: Values
} {
  const match = TAIL.exec(error)
  if (!match) return { reason: error, code: null, values: {} }
  try {
    const parsed: unknown = match[3] ? JSON.parse(match[3]) : {}
    const values = typeof parsed === 'object' && parsed !== null ? (parsed as Values) : {}
    return { reason: match[1] ?? error, code: match[2] ?? null, values }
  } catch {
    return { reason: error, code: null, values: {} }
  }
}

const textOf = (values: Values, name: string): string => {
  const value = values[name]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** The sentence for an export failure's code, or null for a code this app does not know. */
export function exportFailureCodeSentence(code: string, values: Values): string | null {
  const size = textOf(values, 'size')
  const detail = textOf(values, 'detail')
  switch (code) {
    case 'workspace_gone':
      return t`The workspace is gone.`
    case 'export_storage_refused':
      return t`Storage did not take the export after ${size} (${detail}); an export larger than Storage’s file size limit is refused.`
    case 'export_storage_stalled':
      return t`Storage stopped reading the export after ${size}.`
    case 'export_file_unreadable': {
      const path = textOf(values, 'path')
      const status = textOf(values, 'status')
      return t`The file ${path} could not be read (${status}).`
    }
    case 'export_failed':
      return t`The export could not be built: ${detail}`
    default:
      return null
  }
}

/** Why an export failed, in the app's language when its code is known, else as the server said. */
export function exportFailure(error: string): string {
  const failure = parseExportFailure(error)
  return (failure.code && exportFailureCodeSentence(failure.code, failure.values)) ?? failure.reason
}
