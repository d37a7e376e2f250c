// The channels' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text, channel } = words

const wording: AuditWording = {
  'channel.created': (target, d) =>
    `created the ${d.kind === 'private' ? 'private ' : ''}channel #${target}`,
  'channel.renamed': (_, d) => `renamed #${text(d.from)} to #${text(d.to)}`,
  'channel.privacy_changed': (target, d) => `made #${target} ${text(d.to)}`,
  'channel.archived': (target) => `archived #${target}`,
  'channel.unarchived': (target) => `unarchived #${target}`,
  'channel.deleted': (target) => `deleted #${target}`,
  'channel.member_removed': (target, d) => `removed ${target} from ${channel(d.channel)}`,
}
export default wording
