// Why an import failed, in the app's language. The row's `error` is the server's English sentence,
// then its code and values in parentheses: "The archive has 300000 entries; the limit is 200000.
// (too_many_entries {"count":300000,"max":200000})" (supabase/functions/_shared/archive/codes.ts,
// IMPORT_FAILURE_CODES; the test checks that every code there has a sentence here). An error with
// no code (an older import) or a code this app does not know reads as its sentence.
import { plural, t } from '@lingui/core/macro'
import { numberOf, parseCoded, wordCoded } from '../../../lib/coded-text.ts'
import type { Values } from '../../../lib/coded-text.ts'

/** A row's `error` read back: its sentence, and its code and values when it has them. */
export const parseFailure = parseCoded

/** The sentence for an import failure's code, or null for a code this app does not know. */
export function importFailureCodeSentence(code: string, values: Values): string | null {
  switch (code) {
    case 'not_zip':
      return t`The file is not a zip archive.`
    case 'zip_damaged':
      return t`The zip archive is damaged.`
    case 'too_many_entries': {
      const max = numberOf(values, 'max')
      const count = numberOf(values, 'count')
      return plural(count, {
        one: `The archive has # entry; the limit is ${max}.`,
        other: `The archive has # entries; the limit is ${max}.`,
      })
    }
    case 'archive_too_big': {
      const max = numberOf(values, 'max')
      return plural(max, {
        one: 'The archive unpacks to more than # byte.',
        other: 'The archive unpacks to more than # bytes.',
      })
    }
    case 'not_slack_export':
      return t`The archive has no users.json at its top level: it is not a Slack export.`
    case 'archive_unreadable':
      return t`The archive could not be read from Storage; upload it again.`
    case 'import_interrupted':
      return t`The import stopped unexpectedly too many times.`
    case 'import_failed':
      return t`The import failed unexpectedly; try again.`
    default:
      return null
  }
}

/** Why an import failed, in the app's language when its code is known, else as the server said. */
export function importFailure(error: string): string {
  return wordCoded(error, importFailureCodeSentence)
}
