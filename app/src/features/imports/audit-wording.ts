// The Slack import's audit entries in words (slots/audit.ts): the target is the archive's file
// name, the details its counts or its error; a claim's target is the imported person (a
// placeholder) the actor took over, with how many messages became theirs.
import { plural, t } from '@lingui/core/macro'
import type { AuditWording } from '../../slots/audit.ts'
import { importFailure } from './data/failure-words.ts'

/** A count the entry holds (0 when it does not say). */
const countOf = (n: unknown): number => (typeof n === 'number' ? n : 0)

const wording: AuditWording = {
  'import.started': (target) => t`started importing ${target}`,
  'import.finished': (target, d) => {
    const people = countOf(d.people)
    const channels = countOf(d.channels)
    const messages = countOf(d.messages)
    const files = countOf(d.files)
    const skipped = countOf(d.skipped)
    return skipped > 0
      ? t`imported ${target}: ${plural(people, { one: '# person', other: '# people' })}, ${plural(channels, { one: '# conversation', other: '# conversations' })}, ${plural(messages, { one: '# message', other: '# messages' })}, ${plural(files, { one: '# file', other: '# files' })} (${plural(skipped, { one: '# item skipped', other: '# items skipped' })})`
      : t`imported ${target}: ${plural(people, { one: '# person', other: '# people' })}, ${plural(channels, { one: '# conversation', other: '# conversations' })}, ${plural(messages, { one: '# message', other: '# messages' })}, ${plural(files, { one: '# file', other: '# files' })}`
  },
  'import.failed': (target, d) => {
    const error = typeof d.error === 'string' ? importFailure(d.error) : null
    return error !== null ? t`could not import ${target}: ${error}` : t`could not import ${target}`
  },
  'import.cancelled': (target) => t`cancelled the import of ${target}`,
  'import.claimed': (target, d) => {
    const messages = countOf(d.messages)
    return plural(messages, {
      one: `took over the imported history of ${target} (# message)`,
      other: `took over the imported history of ${target} (# messages)`,
    })
  },
}
export default wording
