import { useRoute } from '../../../lib/router.ts'
import { useGuestsQuery } from '../data/guest-ids.ts'

/**
 * "GUEST" after a guest's name (members, people pickers, mentions, profile), in the workspace
 * open now; nothing for anyone else. Drawn as the BOT badge is (its class, bots.css).
 */
export function GuestBadge({ userId }: { userId: string }) {
  const route = useRoute()
  const workspaceId = route.name === 'workspace' ? route.workspaceId : null
  return useGuestsQuery(workspaceId).data?.some((g) => g.id === userId) ? (
    <span className="bot-badge guest-badge">GUEST</span>
  ) : null
}
