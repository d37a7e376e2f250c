// Moderation's audit entries in words (slots/audit.ts): reports, removals, suspensions.
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text, channel } = words
const reports = (n: unknown) => (n === 1 ? 'the report' : `${text(n)} reports`)

const wording: AuditWording = {
  'member.suspended': (target) => `suspended ${target}`,
  'member.unsuspended': (target) => `lifted the suspension of ${target}`,
  'report.dismissed': (target, d) =>
    `dismissed ${reports(d.reports)} of a message by ${target} in ${channel(d.channel)}`,
  'report.resolved': (target, d) =>
    `resolved ${reports(d.reports)} of a message by ${target} in ${channel(d.channel)}`,
  'message.removed': (target, d) => `removed a message by ${target} in ${channel(d.channel)}`,
  'message.restored': (target, d) => `restored a message by ${target} in ${channel(d.channel)}`,
}
export default wording
