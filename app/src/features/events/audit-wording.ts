// Outgoing events' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'events.subscribed': (target) => t`subscribed ${target} to events`,
  'events.changed': (target) => t`changed the events sent to ${target}`,
  'events.paused': (target) => t`paused the events sent to ${target}`,
  'events.resumed': (target) => t`resumed the events sent to ${target}`,
  'events.secret_rotated': (target) => t`rotated the signing secret of ${target}`,
  'events.deleted': (target) => t`stopped sending events to ${target}`,
}
export default wording
