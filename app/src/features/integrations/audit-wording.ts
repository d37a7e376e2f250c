// Incoming webhooks' and outgoing events' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'webhook.created': (target, d) => `added the webhook ${target} to ${words.channel(d.channel)}`,
  'webhook.regenerated': (target) => `regenerated the URL of the webhook ${target}`,
  'webhook.revoked': (target) => `revoked the webhook ${target}`,
  'events.subscribed': (target) => `subscribed ${target} to events`,
  'events.changed': (target) => `changed the events sent to ${target}`,
  'events.paused': (target) => `paused the events sent to ${target}`,
  'events.resumed': (target) => `resumed the events sent to ${target}`,
  'events.secret_rotated': (target) => `rotated the signing secret of ${target}`,
  'events.deleted': (target) => `stopped sending events to ${target}`,
}
export default wording
