import { t } from '@lingui/core/macro'
import { statusIn, useStatuses } from '../data/statuses-query.ts'
import type { Statuses } from '../data/types.ts'
import './status.css'
import { Emoji } from '../../emoji/index.ts'

interface Props {
  userId: string
  /** Also the text beside the emoji (the members panel); otherwise it is the tooltip. */
  withText?: boolean
}

/** The person's status next to their name: its emoji (and text), nothing when they have none. */
export function StatusEmoji(props: Props) {
  return <StatusEmojiOf {...props} shared={useStatuses()} />
}

/** The same among the statuses given (a list of people reads them once: person-part.tsx). */
export function StatusEmojiOf({
  userId,
  withText = false,
  shared,
}: Props & { shared: Statuses | undefined }) {
  const status = statusIn(shared, userId)
  if (!status) return null
  const { text, emoji } = status
  const label = text ? t`Status: ${text}` : t`Status: ${emoji}`
  return (
    <span className="status" data-status-of={userId} title={status.text || undefined}>
      <span className="status-emoji" role="img" aria-label={label}>
        <Emoji emoji={status.emoji} />
      </span>
      {withText && status.text && (
        <bdi className="status-text" aria-hidden="true">
          {status.text}
        </bdi>
      )}
    </span>
  )
}
