// Guests in the message screen's extension slot (messages/extension.ts): a message whose author
// is a guest of the workspace is marked "GUEST", as a bot's is marked "BOT". On the first
// screen, so kept to the least: the guests' ids (data/guest-ids.ts, one small query, asked again
// when the workspace's members change) and a marker.
import { useMemo } from 'react'
import { useRoute } from '../../lib/router.ts'
import type { MessageFeature, MessageMarker } from '../messages/extension.ts'
import { useGuestsQuery } from './data/guest-ids.ts'

const GUEST: MessageMarker[] = [
  { id: 'guest', icon: 'users', label: 'GUEST', className: 'bot-marker guest-marker' },
]

const guests: MessageFeature = {
  id: 'guests',
  order: 52,
  useChannel: () => {
    const route = useRoute()
    const { data: list } = useGuestsQuery(route.name === 'workspace' ? route.workspaceId : null)
    return useMemo(() => {
      const ids = new Set((list ?? []).map((g) => g.id))
      return {
        id: 'guests',
        markers: (message) => (message.authorId && ids.has(message.authorId) ? GUEST : []),
      }
    }, [list])
  },
}
export default guests
