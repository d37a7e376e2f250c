// Bots in the message screen's extension slot (slots/message.ts): a message whose author is
// a bot (profiles.is_bot) is marked "BOT", so a bot never passes for a person. This file is on
// the first screen, so it is kept to the least: the bots' ids (data/bot-ids.ts, one small query
// kept five minutes) and a marker. A message newer than that list from an author it does not
// name asks for it again, once per author and page (a bot made since the page opened is marked from its
// first message on).
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import type { MessageFeature, MessageMarker } from '../../slots/message.ts'
import { useBotIdsQuery } from './data/bot-ids.ts'
import './bots.css'

/** Authors asked about once already (this page's life). */
const asked = new Set<string>()

/** One marker for every bot's message, made when first shown (the language is known by then). */
let marker: MessageMarker[] | null = null
const botMarker = (): MessageMarker[] =>
  (marker ??= [{ id: 'bot', icon: 'settings', label: t`BOT`, className: 'bot-marker' }])

const bots: MessageFeature = {
  id: 'bots',
  order: 51,
  useChannel: () => {
    const { data: ids, dataUpdatedAt, refetch } = useBotIdsQuery()
    return useMemo(
      () => ({
        id: 'bots',
        markers: (message) => {
          const author = message.authorId
          if (!author || !ids) return []
          if (ids.includes(author)) return botMarker()
          // (a few minutes of leeway for the clocks of the browser and the server)
          if (!asked.has(author) && Date.parse(message.createdAt) > dataUpdatedAt - 300_000) {
            asked.add(author)
            queueMicrotask(() => void refetch())
          }
          return []
        },
      }),
      [ids, dataUpdatedAt, refetch]
    )
  },
}
export default bots
