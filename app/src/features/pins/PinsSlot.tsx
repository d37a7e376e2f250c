// Pins in the message screen (slots/message.ts), a lazy chunk mounted once the first screen is up
// (message-extension.tsx is its stub): "Pin to channel" / "Unpin from channel" on a message, the
// "Pinned" marker above its text, and the pinned bar above the channel's messages. Unpinning is
// for who pinned it, the author or an admin (the database decides too).
import { t } from '@lingui/core/macro'
import { Suspense, useEffect, useMemo, useState } from 'react'
import type { ChatMessage } from '../../slots/message.ts'
import type { MessageAction, MessageCapabilities, MessageMarker } from '../../slots/message.ts'
import type { SlotParts, SlotProps } from '../lazy-message-feature.tsx'
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import { useChannelPinning } from './data/pins.ts'

// The bar: a lazy chunk, loaded once the channel has a pin (or a pin failed), not with the
// first screen; once there it stays (an open list stays when its last pin goes).
const PinsBar = lazyRetrying(() => import('./components/PinsBar.tsx'), NotLoaded)

type PinnedBy = ReadonlyMap<string, string | null>

/** The pin action on one message, if I may take it (pure). */
export function pinActions(
  pinnedBy: PinnedBy,
  toggle: (messageId: string, pin: boolean) => void,
  isAdmin: boolean
): (message: ChatMessage, capabilities: MessageCapabilities) => MessageAction[] {
  return (message, { me, readOnly }) => {
    if (readOnly) return []
    const pinned = pinnedBy.has(message.id)
    const mayUnpin = isAdmin || message.authorId === me || pinnedBy.get(message.id) === me
    if (pinned && !mayUnpin) return []
    return [
      {
        id: 'pin',
        label: pinned ? t`Unpin from channel` : t`Pin to channel`,
        icon: pinned ? 'pin-off' : 'pin',
        run: () => toggle(message.id, !pinned),
        order: 40,
      },
    ]
  }
}

/** "Pinned" above a pinned message's text (pure). */
export function pinMarkers(pinnedBy: PinnedBy): (message: ChatMessage) => MessageMarker[] {
  return (message) =>
    pinnedBy.has(message.id)
      ? [{ id: 'pinned', icon: 'pin', label: t`Pinned`, className: 'pin-marker' }]
      : []
}

/** The pins' parts of the open channel, handed to the stub. */
export default function PinsSlot({ scope, onParts }: SlotProps) {
  const { channelId, channelTitle, workspaceId, me, isAdmin, nameOf } = scope
  const pinning = useChannelPinning(channelId)
  const [barShown, setBarShown] = useState(false)
  if (!barShown && (pinning.pins.length > 0 || pinning.error != null)) setBarShown(true)
  const parts = useMemo(
    (): SlotParts => ({
      actions: pinActions(pinning.pinnedBy, pinning.toggle, isAdmin),
      markers: pinMarkers(pinning.pinnedBy),
      banner: barShown && (
        <Suspense fallback={null}>
          <PinsBar
            pinning={pinning}
            channelLabel={channelTitle}
            workspaceId={workspaceId}
            nameOf={nameOf}
            canUnpin={(id) => {
              const pin = pinning.pins.find((p) => p.messageId === id)
              return isAdmin || pin?.pinnedBy === me || pin?.message.authorId === me
            }}
          />
        </Suspense>
      ),
    }),
    [pinning, barShown, channelTitle, workspaceId, nameOf, isAdmin, me]
  )
  useEffect(() => onParts(parts), [parts, onParts])
  return null
}
