import { t } from '@lingui/core/macro'
import { useOpenWorkspaceGuests } from '../data/guest-ids.ts'

/**
 * "GUEST" after a guest's name (members, people pickers, mentions, profile), in the workspace
 * open now; nothing for anyone else. Drawn as the BOT badge is (its class, bots.css).
 */
export function GuestBadge({ userId }: { userId: string }) {
  return useOpenWorkspaceGuests()?.some((g) => g.id === userId) ? (
    <span className="bot-badge guest-badge">{t`GUEST`}</span>
  ) : null
}
