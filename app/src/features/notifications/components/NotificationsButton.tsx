// The sidebar's "Notifications" button: opens the settings panel, a lazy chunk.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import type { PanelChannel } from './NotificationsPanel.tsx'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const NotificationsPanel = lazyRetrying(() => import('./NotificationsPanel.tsx'), NotLoaded)

interface Props {
  workspaceId: string
  /** The open channel, whose level and mute the panel sets. */
  channel: PanelChannel | null
}

export function NotificationsButton({ workspaceId, channel }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="link-button sidebar-more" onClick={() => setOpen(true)}>
        {t`Notifications`}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel
            workspaceId={workspaceId}
            channel={channel}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
