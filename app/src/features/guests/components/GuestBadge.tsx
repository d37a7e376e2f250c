import { t } from '@lingui/core/macro'
import type { Guest } from '../data/guest-ids.ts'

/**
 * "GUEST" after a guest's name (members, people pickers, mentions, profile), in the workspace
 * open now; nothing for anyone else. Drawn as the BOT badge is (its class, bots.css).
 */
export function GuestBadge({ userId, shared }: { userId: string; shared: Guest[] | undefined }) {
  return shared?.some((g) => g.id === userId) ? (
    <span className="bot-badge guest-badge">{t`GUEST`}</span>
  ) : null
}
