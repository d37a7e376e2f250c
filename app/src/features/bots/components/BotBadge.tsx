import { t } from '@lingui/core/macro'
import { useBotIdsQuery } from '../data/bot-ids.ts'
import '../bots.css'

/** "BOT" after a bot's name (members, people pickers, mentions); nothing for a person. */
export function BotBadge({ userId }: { userId: string }) {
  return useBotIdsQuery().data?.includes(userId) ? (
    <span className="bot-badge">{t`BOT`}</span>
  ) : null
}
