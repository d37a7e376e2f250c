// A message body as a notification's plain text: the browser's notifications and the panel's
// due reminders show it.
import { t } from '@lingui/core/macro'
import { bodyAsText } from '../../../lib/message-tokens.ts'

/**
 * Plain text of a message body for a notification: mentions by the names given (else
 * "@someone"), markdown marks dropped.
 */
export function notificationText(body: string, names?: ReadonlyMap<string, string>): string {
  const text = bodyAsText(body, (id) => names?.get(id) ?? t`someone`)
    .replace(/[*_~`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 140 ? `${text.slice(0, 139)}…` : text || t`New message`
}
