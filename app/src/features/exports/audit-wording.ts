// The exports' audit entries in words (slots/audit.ts).
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

/** What an export held, as its audit entry says (older entries say nothing). */
function scopeWords(scope: unknown): string {
  if (scope === 'all') return ' with private channels and direct messages'
  if (scope === 'public') return ' (public channels only)'
  return ''
}

const wording: AuditWording = {
  'export.requested': (_, d) => `asked for an export of the workspace${scopeWords(d.scope)}`,
  'export.done': (_, d) =>
    typeof d.size === 'number'
      ? `finished an export of the workspace${scopeWords(d.scope)} (${Math.max(1, Math.round(d.size / 1024))} KB)`
      : `finished an export of the workspace${scopeWords(d.scope)}`,
  'export.failed': (_, d) => `could not finish an export of the workspace: ${words.text(d.error)}`,
}
export default wording
