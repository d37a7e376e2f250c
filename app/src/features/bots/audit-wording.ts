// The bots' audit entries in words (slots/audit.ts).
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'bot.created': (target) => `added the bot ${target}`,
  'bot.token_regenerated': (target) => `regenerated the token of the bot ${target}`,
  'bot.revoked': (target) => `revoked the bot ${target}`,
}
export default wording
