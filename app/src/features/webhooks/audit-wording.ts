// Incoming webhooks' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

// Each says what the actor (the log's Who column) did.
const wording: AuditWording = {
  'webhook.created': (target, d) => {
    const channel = words.channel(d.channel)
    return t`added the webhook ${target} to ${channel}`
  },
  'webhook.regenerated': (target) => t`regenerated the URL of the webhook ${target}`,
  'webhook.revoked': (target) => t`revoked the webhook ${target}`,
}
export default wording
