import { useIsBot } from '../data/bot-ids.ts'
import '../bots.css'

/** "BOT" after a bot's name (members, people pickers, mentions); nothing for a person. */
export function BotBadge({ userId }: { userId: string | null | undefined }) {
  return useIsBot(userId) ? <span className="bot-badge">BOT</span> : null
}
