import { t } from '@lingui/core/macro'
import { useStatusOf } from '../data/statuses-query.ts'
import './status.css'
import { Emoji } from '../../emoji/index.ts'

interface Props {
  userId: string
  /** Also the text beside the emoji (the members panel); otherwise it is the tooltip. */
  withText?: boolean
}

/** The person's status next to their name: its emoji (and text), nothing when they have none. */
export function StatusEmoji({ userId, withText = false }: Props) {
  const status = useStatusOf(userId)
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
