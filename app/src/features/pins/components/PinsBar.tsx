// Under the channel's header when it has pins: "📌 N pinned", which opens the pinned list (its
// own lazy chunk), and what a pin or unpin that failed said.
import { plural, t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import type { ChannelPinning } from '../data/pins.ts'
import './pins.css'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const PinnedList = lazyRetrying(() => import('./PinnedList.tsx'), NotLoaded)

interface Props {
  pinning: ChannelPinning
  channelLabel: string
  workspaceId: string
  nameOf: (userId: string) => string
  canUnpin: (messageId: string) => boolean
}

export default function PinsBar({ pinning, channelLabel, workspaceId, nameOf, canUnpin }: Props) {
  const [open, setOpen] = useState(false)
  const count = pinning.pins.length
  // Open, the list stays (saying it is empty) when its last pin goes.
  if (count === 0 && !pinning.error && !open) return null
  return (
    <div className="pins-bar">
      {count > 0 && (
        <button
          type="button"
          className="link-button pins-open"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <Icon name="pin" size={14} />{' '}
          {plural(count, { one: '# pinned message', other: '# pinned messages' })}
        </button>
      )}
      {pinning.error != null && (
        <span className="pins-error" role="alert">
          {cleanError(pinning.error)}{' '}
          <button type="button" className="link-button" onClick={pinning.dismissError}>
            {t`Dismiss`}
          </button>
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <PinnedList
            pins={pinning.pins}
            title={t`Pinned in ${channelLabel}`}
            workspaceId={workspaceId}
            nameOf={nameOf}
            canUnpin={canUnpin}
            onUnpin={(messageId) => pinning.toggle(messageId, false)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
