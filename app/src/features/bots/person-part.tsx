// BOT after a bot's name (slots/person.ts).
import type { PersonPart } from '../../slots/person.ts'
import { BotBadge } from './components/BotBadge.tsx'

const part: PersonPart = { place: 'badge', order: 10, Part: BotBadge }
export default part
