// The bots' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import type { AuditWording } from '../../slots/audit.ts'

// Each says what the actor (the log's Who column) did.
const wording: AuditWording = {
  'bot.created': (target) => t`added the bot ${target}`,
  'bot.token_regenerated': (target) => t`regenerated the token of the bot ${target}`,
  'bot.revoked': (target) => t`revoked the bot ${target}`,
}
export default wording
