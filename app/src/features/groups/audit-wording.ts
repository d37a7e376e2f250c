// The groups' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text } = words

const wording: AuditWording = {
  'group.created': (target) => t`created the group ${target}`,
  'group.changed': (_, d) => {
    const from = text(d.from)
    const to = text(d.to)
    const name = text(d.name)
    return t`changed the group ${from} to ${to} (${name})`
  },
  'group.deleted': (target) => t`deleted the group ${target}`,
}
export default wording
