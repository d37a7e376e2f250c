// The groups' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text } = words

const wording: AuditWording = {
  'group.created': (target) => `created the group ${target}`,
  'group.changed': (_, d) => `changed the group ${text(d.from)} to ${text(d.to)} (${text(d.name)})`,
  'group.deleted': (target) => `deleted the group ${target}`,
}
export default wording
