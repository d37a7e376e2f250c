// Outgoing events' audit entries in words (slots/audit.ts).
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'events.subscribed': (target) => `subscribed ${target} to events`,
  'events.changed': (target) => `changed the events sent to ${target}`,
  'events.paused': (target) => `paused the events sent to ${target}`,
  'events.resumed': (target) => `resumed the events sent to ${target}`,
  'events.secret_rotated': (target) => `rotated the signing secret of ${target}`,
  'events.deleted': (target) => `stopped sending events to ${target}`,
}
export default wording
