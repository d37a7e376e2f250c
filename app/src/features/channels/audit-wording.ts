// The channels' audit entries in words (slots/audit.ts). Each says what the actor (the log's Who
// column) did.
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text, channel } = words

const wording: AuditWording = {
  'channel.created': (target, d) =>
    d.kind === 'private'
      ? t`created the private channel #${target}`
      : t`created the channel #${target}`,
  'channel.renamed': (_, d) => {
    const from = text(d.from)
    const to = text(d.to)
    return t`renamed #${from} to #${to}`
  },
  'channel.privacy_changed': (target, d) =>
    d.to === 'private'
      ? t`made #${target} private`
      : d.to === 'public'
        ? t`made #${target} public`
        : t`changed who can see #${target}`,
  'channel.archived': (target) => t`archived #${target}`,
  'channel.unarchived': (target) => t`unarchived #${target}`,
  'channel.deleted': (target) => t`deleted #${target}`,
  'channel.member_removed': (target, d) => {
    const where = channel(d.channel)
    return t`removed ${target} from ${where}`
  },
}
export default wording
