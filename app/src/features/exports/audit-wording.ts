// The exports' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { formatSize } from '../../lib/sizes.ts'
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
    const size = formatSize(d.size)
    return byScope(
      d.scope,
      () =>
        t`finished an export of the workspace with private channels and direct messages (${size})`,
      () => t`finished an export of the workspace (public channels only) (${size})`,
      () => t`finished an export of the workspace (${size})`
    )
  },
  'export.failed': (_, d) => {
    const error = typeof d.error === 'string' ? exportFailure(d.error) : words.text(d.error)
    return t`could not finish an export of the workspace: ${error}`
  },
}
export default wording
