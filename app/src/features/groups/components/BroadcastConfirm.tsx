// The composer's question before a mention notifies many people (see data/mention-reach.ts):
// how many, where, and send or go back to the message. It takes the focus, so Enter sends and
// Escape goes back.
import { useId } from 'react'

export interface Props {
  reach: number
  where: string
  onSend: () => void
  onCancel: () => void
}

export default function BroadcastConfirm({ reach, where, onSend, onCancel }: Props) {
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
        This will notify <strong>{reach.toLocaleString('en')} people</strong> in {where}. Send it?
      </p>
      <button type="button" className="button button-primary" autoFocus onClick={onSend}>
        Send now
      </button>{' '}
      <button type="button" className="button" onClick={onCancel}>
        Edit message
      </button>
    </div>
  )
}
