// The guests' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const guestKind = (kind: unknown) => (kind === 'single' ? 'single-channel' : 'multi-channel')

const wording: AuditWording = {
  'guest.channel_added': (target, d) => `added the guest ${target} to ${words.channel(d.channel)}`,
  'guest.kind_changed': (target, d) => `made ${target} a ${guestKind(d.to)} guest`,
}
export default wording
