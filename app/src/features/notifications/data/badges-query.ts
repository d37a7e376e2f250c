// Each workspace's badge for the rail (workspace_badges(): mentions and DM messages as a red
// count, anything else unread as bold; muted channels count for neither; the unread replies of
// followed threads count as the Threads entry counts them, a mention among them in red). A plain object by
// workspace id, not a Map: the query sits under the workspaces list's key, which the offline
// cache keeps as JSON (a Map came back from it as {}, and the rail failed on reload).
import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import type { Badge } from '../badges.ts'
import { notificationKeys } from './keys.ts'

export async function fetchWorkspaceBadges(): Promise<Readonly<Record<string, Badge>>> {
  const rows = await rpcRows('workspace_badges')
  return Object.fromEntries(
    rows.map((r) => [r.workspace_id, { count: Number(r.mention_count ?? 0), bold: !!r.has_unread }])
  )
}

/** Only with other workspaces than the open one (whose badge comes from its channel list). */
export function useWorkspaceBadges(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.badges(),
    queryFn: fetchWorkspaceBadges,
    enabled,
    // A reply in a followed thread of another workspace reaches none of my topics there (threads
    // go to their channel's topic): look again as often as the Threads view does.
    refetchInterval: 15_000,
  })
}
