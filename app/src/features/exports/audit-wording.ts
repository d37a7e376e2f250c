// The exports' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../lib/i18n.ts'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'
import { exportFailure } from './data/failure-words.ts'

/** The words for what the export held, as its audit entry says (older entries say nothing). */
const byScope = (scope: unknown, all: () => string, only: () => string, none: () => string) =>
  scope === 'all' ? all() : scope === 'public' ? only() : none()

const wording: AuditWording = {
  'export.requested': (_, d) =>
    byScope(
      d.scope,
      () => t`asked for an export of the workspace with private channels and direct messages`,
      () => t`asked for an export of the workspace (public channels only)`,
      () => t`asked for an export of the workspace`
    ),
  'export.done': (_, d) => {
    if (typeof d.size !== 'number')
      return byScope(
        d.scope,
        () => t`finished an export of the workspace with private channels and direct messages`,
        () => t`finished an export of the workspace (public channels only)`,
        () => t`finished an export of the workspace`
      )
    const kb = new Intl.NumberFormat(formatLocale()).format(Math.max(1, Math.round(d.size / 1024)))
    return byScope(
      d.scope,
      () =>
        t`finished an export of the workspace with private channels and direct messages (${kb} KB)`,
      () => t`finished an export of the workspace (public channels only) (${kb} KB)`,
      () => t`finished an export of the workspace (${kb} KB)`
    )
  },
  'export.failed': (_, d) => {
    const error = typeof d.error === 'string' ? exportFailure(d.error) : words.text(d.error)
    return t`could not finish an export of the workspace: ${error}`
  },
}
export default wording
