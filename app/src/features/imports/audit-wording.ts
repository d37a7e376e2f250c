// The Slack import's audit entries in words (slots/audit.ts): the target is the archive's file
// name, the details its counts or its error; a claim's target is the imported person (a
// placeholder) the actor took over, with how many messages became theirs.
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { count } = words

const wording: AuditWording = {
  'import.started': (target) => `started importing ${target}`,
  'import.finished': (target, d) => {
    const skipped = typeof d.skipped === 'number' && d.skipped > 0
    return (
      `imported ${target}: ${count(d.people, 'person', 'people')}, ` +
      `${count(d.channels, 'conversation', 'conversations')}, ` +
      `${count(d.messages, 'message', 'messages')}, ${count(d.files, 'file', 'files')}` +
      (skipped ? ` (${count(d.skipped, 'item', 'items')} skipped)` : '')
    )
  },
  'import.failed': (target, d) =>
    typeof d.error === 'string'
      ? `could not import ${target}: ${d.error}`
      : `could not import ${target}`,
  'import.cancelled': (target) => `cancelled the import of ${target}`,
  'import.claimed': (target, d) =>
    `took over the imported history of ${target} (${count(d.messages, 'message', 'messages')})`,
}
export default wording
