// The composer's count of characters, shown from 90% of a message's limit (the composer loads
// it then: a chunk of its own), in red past it.
import { formatLocale } from '../../../lib/i18n.ts'
import { MAX_MESSAGE_LENGTH } from '../conversation/validate.ts'

export default function CharacterCount({ length }: { length: number }) {
  const tooLong = length > MAX_MESSAGE_LENGTH
  return (
    <span className={tooLong ? 'field-error' : 'muted'} role={tooLong ? 'alert' : undefined}>
      {length.toLocaleString(formatLocale())} / {MAX_MESSAGE_LENGTH.toLocaleString(formatLocale())}
    </span>
  )
}
