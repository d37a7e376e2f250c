import { t } from '@lingui/core/macro'
import '../imported.css'

/** "IMPORTED" after an imported person's name (members, people pickers, mentions): a placeholder
 *  of a Slack import, nobody's account until they claim it. Nothing for anyone else. */
export function ImportedBadge({
  userId,
  shared,
}: {
  userId: string
  shared: string[] | undefined
}) {
  return shared?.includes(userId) ? (
    <span className="imported-badge" title={t`Imported from Slack: not claimed by an account yet`}>
      {t`IMPORTED`}
    </span>
  ) : null
}
