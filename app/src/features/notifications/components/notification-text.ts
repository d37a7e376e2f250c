// A message body as a notification's plain text: the browser's notifications and the panel's
// due reminders show it. One line as the emails and the pushes make it (supabase/functions/_shared/
// body-line.ts: the cases all three are tested against).
import { t } from '@lingui/core/macro'
import { bodyAsLine, namesFrom } from '../../../../../supabase/functions/_shared/body-line.ts'

/**
 * Plain text of a message body for a notification: mentions by the names given (else
 * "@someone"), links as their text, markdown marks dropped, at most 140 characters.
 */
export function notificationText(body: string, names?: ReadonlyMap<string, string>): string {
  return bodyAsLine(body, namesFrom(names, t`someone`), 140) || t`New message`
}
