// Incoming webhooks' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'webhook.created': (target, d) => `added the webhook ${target} to ${words.channel(d.channel)}`,
  'webhook.regenerated': (target) => `regenerated the URL of the webhook ${target}`,
  'webhook.revoked': (target) => `revoked the webhook ${target}`,
}
export default wording
