// BOT after a bot's name (slots/person.ts).
import { personPart } from '../../slots/person.ts'
import { BotBadge } from './components/BotBadge.tsx'
import { useBotIdsQuery } from './data/bot-ids.ts'

const part = personPart({
  place: 'badge',
  order: 10,
  useShared: () => useBotIdsQuery().data,
  Part: BotBadge,
})
export default part
