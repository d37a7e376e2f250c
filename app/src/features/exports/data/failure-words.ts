// Why an export failed, in the app's language. The row's `error` is the server's English sentence,
// then its code and values in parentheses: "The workspace is gone. (workspace_gone)"
// (supabase/functions/_shared/archive/codes.ts, EXPORT_FAILURE_CODES; the test checks that every
// code there has a sentence here). A storage error's own message is a `detail`, shown as it is. An
// error with no code (an older export, or one the database wrote) or a code this app does not
// know reads as its sentence (lib/coded-text.ts, as the imports feature reads its failures).
import { t } from '@lingui/core/macro'
import { textOf, wordCoded } from '../../../lib/coded-text.ts'
import { formatSize } from '../../../lib/sizes.ts'
import type { Values } from '../../../lib/coded-text.ts'

/** The sentence for an export failure's code, or null for a code this app does not know. */
export function exportFailureCodeSentence(code: string, values: Values): string | null {
  // the bytes sent, worded here (lib/sizes.ts); an older failure has only the server's words
  const size = typeof values.bytes === 'number' ? formatSize(values.bytes) : textOf(values, 'size')
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
  return wordCoded(error, exportFailureCodeSentence)
}
