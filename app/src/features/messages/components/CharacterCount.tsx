// The composer's count of characters, shown from 90% of a message's limit, in red past it: part
// of the composer's tools' chunk (format/ComposerTools.tsx), so not of the first screen.
import { formatLocale } from '../../../lib/i18n.ts'
import { MAX_MESSAGE_LENGTH } from '../conversation/validate.ts'

export function CharacterCount({ length }: { length: number }) {
  if (length <= MAX_MESSAGE_LENGTH * 0.9) return null
  const tooLong = length > MAX_MESSAGE_LENGTH
  return (
    <span className={tooLong ? 'field-error' : 'muted'} role={tooLong ? 'alert' : undefined}>
      {length.toLocaleString(formatLocale())} / {MAX_MESSAGE_LENGTH.toLocaleString(formatLocale())}
    </span>
  )
}
