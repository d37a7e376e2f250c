// Link previews' part of one open channel, a lazy chunk the slot's stub (message-extension.tsx)
// mounts after the first screen: under a message with a link, its cards (components/
// MessagePreviews.tsx: the previews the server made, live), with an "x" for the message's author.
import { useEffect, useMemo } from 'react'
import type { SlotParts, SlotProps } from '../lazy-message-feature.tsx'
import MessagePreviews from './components/MessagePreviews.tsx'
import { hasLink } from './data/preview.ts'

export default function PreviewsSlot({ scope, onParts }: SlotProps) {
  const { channelId } = scope
  const parts = useMemo(
    (): SlotParts => ({
      belowBody: (message, { capabilities }) =>
        message.deletedAt || !hasLink(message.body) ? null : (
          <MessagePreviews
            channelId={channelId}
            messageId={message.id}
            canRemove={message.authorId === capabilities.me && !capabilities.readOnly}
          />
        ),
    }),
    [channelId]
  )
  useEffect(() => onParts(parts), [parts, onParts])
  return null
}
