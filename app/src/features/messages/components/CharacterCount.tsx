// The composer's count of characters, shown from 90% of a message's limit, in red past it.
import { formatLocale } from '../../../lib/i18n.ts'
import { MAX_MESSAGE_LENGTH } from '../conversation/validate.ts'

/**
 * Characters as the server counts them (code points), up to twice the limit; past that the text
 * is too long however it is counted, and its length in UTF-16 units is given (counting 1 MB of
 * text at each keystroke cost more than the keystroke may).
 */
export const textLength = (text: string) =>
  text.length > 2 * MAX_MESSAGE_LENGTH ? text.length : [...text].length

export function CharacterCount({ length }: { length: number }) {
  if (length <= MAX_MESSAGE_LENGTH * 0.9) return null
  const tooLong = length > MAX_MESSAGE_LENGTH
  return (
    <span className={tooLong ? 'field-error' : 'muted'} role={tooLong ? 'alert' : undefined}>
      {length.toLocaleString(formatLocale())} / {MAX_MESSAGE_LENGTH.toLocaleString(formatLocale())}
    </span>
  )
}
