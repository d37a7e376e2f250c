// Retention's audit entries in words (slots/audit.ts): the periods set, the runs, the accounts
// deleted.
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { count } = words

/** How long retention keeps messages: "forever" (null) or "for 90 days". */
const keeping = (days: unknown): string =>
  days === null || days === undefined ? 'forever' : `for ${count(days, 'day', 'days')}`

const wording: AuditWording = {
  'retention.changed': (_, d) => `set the workspace to keep messages ${keeping(d.to)}`,
  'retention.channel_changed': (target, d) => `set #${target} to keep messages ${keeping(d.to)}`,
  'retention.channel_cleared': (target) => `made #${target} keep messages as the workspace does`,
  'retention.accounts_changed': (_, d) =>
    d.to === 'remove'
      ? "set deleted accounts' messages to be removed"
      : d.to === 'anonymize'
        ? "set deleted accounts' messages to be anonymized"
        : "set deleted accounts' messages to be kept under their names",
  'retention.run': (_, d) => {
    const kept = typeof d.kept_as_deleted === 'number' && d.kept_as_deleted > 0
    return (
      `deleted ${count(d.messages, 'message', 'messages')} and ` +
      `${count(d.files, 'file', 'files')} past the retention period` +
      (kept ? ` (${count(d.kept_as_deleted, 'thread', 'threads')} kept for newer replies)` : '')
    )
  },
  'retention.account_deleted': (target, d) =>
    d.policy === 'remove'
      ? `deleted an account and removed ${count(d.removed, 'message', 'messages')}`
      : d.policy === 'anonymize'
        ? `deleted an account and anonymized ${count(d.anonymized, 'message', 'messages')}`
        : `deleted the account of ${target}; their messages were kept`,
}
export default wording
