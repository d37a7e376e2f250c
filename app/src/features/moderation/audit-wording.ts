// Moderation's audit entries in words (slots/audit.ts): reports, removals, suspensions.
import { plural, t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

/** How many reports the entry counts (1 when it does not say). */
const countOf = (n: unknown): number => (typeof n === 'number' ? n : 1)

const wording: AuditWording = {
  'member.suspended': (target) => t`suspended ${target}`,
  'member.unsuspended': (target) => t`lifted the suspension of ${target}`,
  'report.dismissed': (target, d) => {
    const reports = countOf(d.reports)
    const channel = words.channel(d.channel)
    return plural(reports, {
      one: `dismissed the report of a message by ${target} in ${channel}`,
      other: `dismissed # reports of a message by ${target} in ${channel}`,
    })
  },
  'report.resolved': (target, d) => {
    const reports = countOf(d.reports)
    const channel = words.channel(d.channel)
    return plural(reports, {
      one: `resolved the report of a message by ${target} in ${channel}`,
      other: `resolved # reports of a message by ${target} in ${channel}`,
    })
  },
  'message.removed': (target, d) => {
    const channel = words.channel(d.channel)
    return t`removed a message by ${target} in ${channel}`
  },
  'message.restored': (target, d) => {
    const channel = words.channel(d.channel)
    return t`restored a message by ${target} in ${channel}`
  },
}
export default wording
