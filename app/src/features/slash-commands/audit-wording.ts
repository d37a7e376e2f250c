// The slash commands' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

// Each says what the actor (the log's Who column) did.
const wording: AuditWording = {
  'command.created': (target) => t`registered the command ${target}`,
  'command.changed': (target, d) => {
    const url = words.text(d.to)
    return t`changed the command ${target} to call ${url}`
  },
  'command.revoked': (target) => t`revoked the command ${target}`,
}
export default wording
