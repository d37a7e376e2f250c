// The slash commands' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'command.created': (target) => `registered the command ${target}`,
  'command.changed': (target, d) => `changed the command ${target} to call ${words.text(d.to)}`,
  'command.revoked': (target) => `revoked the command ${target}`,
}
export default wording
