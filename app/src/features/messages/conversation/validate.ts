// What a message body may be. The database enforces the same limit (messages_body_length); checking here gives a clear
// message before anything is sent and keeps the text in the composer.
import { t } from '@lingui/core/macro'
import type { Result } from '../../../lib/result.ts'
import { formatLocale } from '../../../lib/i18n.ts'

export const MAX_MESSAGE_LENGTH = 40000

/**
 * Characters as the server counts them (code points), up to twice the limit; past that the text
 * is too long however it is counted, and its length in UTF-16 units is given (counting 1 MB of
 * text at each keystroke cost more than the keystroke may).
 */
export const textLength = (text: string) =>
  text.length > 2 * MAX_MESSAGE_LENGTH ? text.length : [...text].length

export function validateBody(body: string, hasAttachments: boolean): Result<string> {
  // Trailing whitespace and newlines are noise; leading indentation may be code, keep it.
  const text = body.replace(/\s+$/u, '')
  if (!text.trim() && !hasAttachments) {
    return { ok: false, error: t`Type a message or attach a file first.` }
  }
  const length = [...text].length
  if (length > MAX_MESSAGE_LENGTH) {
    const locale = formatLocale()
    const count = length.toLocaleString(locale)
    const limit = MAX_MESSAGE_LENGTH.toLocaleString(locale)
    return {
      ok: false,
      error: t`This message is ${count} characters long; the limit is ${limit}. Shorten it or send it in parts.`,
    }
  }
  return { ok: true, value: text }
}
