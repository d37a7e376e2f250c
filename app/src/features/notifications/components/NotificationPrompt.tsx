// Asks for permission to show notifications at a sensible moment: a dismissible line in the
// sidebar under its lists once the person is in a workspace (never on first load by itself),
// until they answer or dismiss it. A chunk of its own, loaded after the first screen (index.ts).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useState } from 'react'

const DISMISSED = 'chorus.notifications.prompt-dismissed'

function shouldAsk(): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return false
  try {
    return localStorage.getItem(DISMISSED) !== '1'
  } catch {
    return true
  }
}

export default function NotificationPrompt() {
  const [open, setOpen] = useState(shouldAsk)
  if (!open) return null
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, '1')
    } catch {
      // Private mode: it asks again next time.
    }
    setOpen(false)
  }
  return (
    <div className="notification-prompt" role="region" aria-label={t`Desktop notifications`}>
      <span>{t`Get notified about mentions and direct messages.`}</span>
      <button
        type="button"
        className="link-button"
        onClick={() => void Notification.requestPermission().finally(() => setOpen(shouldAsk()))}
      >
        {t`Turn on`}
      </button>
      <button type="button" className="icon-button" aria-label={t`Not now`} onClick={dismiss}>
        <Icon name="x" size={16} />
      </button>
    </div>
  )
}
