// Retention's audit entries in words (slots/audit.ts): the periods set, the runs, the accounts
// deleted.
import { plural, t } from '@lingui/core/macro'
import type { AuditWording } from '../../slots/audit.ts'

/** A count the entry holds (0 when it does not say). */
const countOf = (n: unknown): number => (typeof n === 'number' ? n : 0)

/** How long retention keeps messages: null (forever), or days. */
const daysOf = (days: unknown): number | null =>
  days === null || days === undefined ? null : countOf(days)

const wording: AuditWording = {
  'retention.changed': (_, d) => {
    const days = daysOf(d.to)
    return days === null
      ? t`set the workspace to keep messages forever`
      : plural(days, {
          one: 'set the workspace to keep messages for # day',
          other: 'set the workspace to keep messages for # days',
        })
  },
  'retention.channel_changed': (target, d) => {
    const channel = `#${target}`
    const days = daysOf(d.to)
    return days === null
      ? t`set ${channel} to keep messages forever`
      : plural(days, {
          one: `set ${channel} to keep messages for # day`,
          other: `set ${channel} to keep messages for # days`,
        })
  },
  'retention.channel_cleared': (target) => {
    const channel = `#${target}`
    return t`made ${channel} keep messages as the workspace does`
  },
  'retention.accounts_changed': (_, d) =>
    d.to === 'remove'
      ? t`set deleted accounts' messages to be removed`
      : d.to === 'anonymize'
        ? t`set deleted accounts' messages to be anonymized`
        : t`set deleted accounts' messages to be kept under their names`,
  'retention.run': (_, d) => {
    const messages = countOf(d.messages)
    const files = countOf(d.files)
    const threads = countOf(d.kept_as_deleted)
    return threads > 0
      ? t`deleted ${plural(messages, { one: '# message', other: '# messages' })} and ${plural(files, { one: '# file', other: '# files' })} past the retention period (${plural(threads, { one: '# thread', other: '# threads' })} kept for newer replies)`
      : t`deleted ${plural(messages, { one: '# message', other: '# messages' })} and ${plural(files, { one: '# file', other: '# files' })} past the retention period`
  },
  'retention.account_deleted': (target, d) => {
    if (d.policy === 'remove') {
      const removed = countOf(d.removed)
      return plural(removed, {
        one: 'deleted an account and removed # message',
        other: 'deleted an account and removed # messages',
      })
    }
    if (d.policy === 'anonymize') {
      const anonymized = countOf(d.anonymized)
      return plural(anonymized, {
        one: 'deleted an account and anonymized # message',
        other: 'deleted an account and anonymized # messages',
      })
    }
    return t`deleted the account of ${target}; their messages were kept`
  },
}
export default wording
