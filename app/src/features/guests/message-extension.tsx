// Guests in the message screen's extension slot (slots/message.ts): a message whose author
// is a guest of the workspace is marked "GUEST", as a bot's is marked "BOT". On the first
// screen, so kept to the least: the guests' ids (data/guest-ids.ts, one small query, asked again
// when the workspace's members change) and a marker.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import type { MessageFeature, MessageMarker } from '../../slots/message.ts'
import { useOpenWorkspaceGuests } from './data/guest-ids.ts'

// Made when first shown: its label is in the app's language, chosen at boot.
let marker: MessageMarker[] | undefined
const guestMarker = (): MessageMarker[] =>
  (marker ??= [
    { id: 'guest', icon: 'users', label: t`GUEST`, className: 'bot-marker guest-marker' },
  ])

const guests: MessageFeature = {
  id: 'guests',
  order: 52,
  useChannel: () => {
    const list = useOpenWorkspaceGuests()
    return useMemo(
      () => ({
        id: 'guests',
        markers: (message) => (list?.some((g) => g.id === message.authorId) ? guestMarker() : []),
      }),
      [list]
    )
  },
}
export default guests
