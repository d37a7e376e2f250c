// Bots in the message screen's extension slot (messages/extension.ts): a message whose author is
// a bot (profiles.is_bot) is marked "BOT", so a bot never passes for a person. This file is on
// the first screen, so it is kept to the least: the bots' ids (data/bot-ids.ts, one small query
// kept five minutes) and a marker.
import { useMemo } from 'react'
import type { MessageFeature, MessageMarker } from '../messages/extension.ts'
import { useBotIdsQuery } from './data/bot-ids.ts'
import './bots.css'

const BOT: MessageMarker[] = [
  { id: 'bot', icon: 'settings', label: 'BOT', className: 'bot-marker' },
]

const bots: MessageFeature = {
  id: 'bots',
  order: 51,
  useChannel: () => {
    const ids = useBotIdsQuery().data
    return useMemo(
      () => ({
        id: 'bots',
        markers: (message) => (message.authorId && ids?.includes(message.authorId) ? BOT : []),
      }),
      [ids]
    )
  },
}
export default bots
