import { t } from '@lingui/core/macro'
import '../bots.css'

/** "BOT" after a bot's name (members, people pickers, mentions); nothing for a person. */
export function BotBadge({ userId, shared }: { userId: string; shared: string[] | undefined }) {
  return shared?.includes(userId) ? <span className="bot-badge">{t`BOT`}</span> : null
}
