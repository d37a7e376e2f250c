// The composer's question before a mention notifies many people (see data/mention-reach.ts):
// how many, where, and send or go back to the message. It takes the focus, so Enter sends and
// Escape goes back.
import { t } from '@lingui/core/macro'
import { Plural, Trans } from '@lingui/react/macro'
import { useId } from 'react'

export interface Props {
  reach: number
  where: string
  scheduling?: boolean
  onSend: () => void
  onCancel: () => void
}

export default function BroadcastConfirm({ reach, where, scheduling, onSend, onCancel }: Props) {
  const id = useId()
  return (
    <div
      className="notice notice-warning broadcast-confirm"
      role="alertdialog"
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault()
          onCancel()
        }
      }}
    >
      <p id={id}>
        {scheduling ? (
          <Trans>
            When it is sent, this will notify{' '}
            <strong>
              <Plural value={reach} one="# person" other="# people" />
            </strong>{' '}
            in {where}. Schedule it?
          </Trans>
        ) : (
          <Trans>
            This will notify{' '}
            <strong>
              <Plural value={reach} one="# person" other="# people" />
            </strong>{' '}
            in {where}. Send it?
          </Trans>
        )}
      </p>
      <button
        type="button"
        className="button button-primary"
        autoFocus
        data-autofocus
        onClick={onSend}
      >
        {scheduling ? t`Schedule` : t`Send now`}
      </button>{' '}
      <button type="button" className="button" onClick={onCancel}>
        {t`Edit message`}
      </button>
    </div>
  )
}
