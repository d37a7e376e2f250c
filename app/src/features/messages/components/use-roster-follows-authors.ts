import { useEffect, useRef } from 'react'
import { useRefreshRoster } from '../../channels/index.ts'
import type { ChannelSnapshot } from '../conversation/types.ts'

/** Someone new wrote here: they joined since the roster was fetched (joins are not pushed). */
export function useRosterFollowsAuthors(
  channelId: string,
  snapshot: ChannelSnapshot,
  roster: { userId: string }[] | undefined
) {
  const refreshRoster = useRefreshRoster()
  const asked = useRef(new Set<string>())
  const last = snapshot.messages[snapshot.messages.length - 1]
  useEffect(() => {
    if (!roster || !last || last.deletedAt || !last.authorId) return
    // Ask once per author: someone who left since writing stays absent from the roster.
    if (!roster.some((m) => m.userId === last.authorId) && !asked.current.has(last.authorId)) {
      asked.current.add(last.authorId)
      refreshRoster(channelId)
    }
  }, [roster, last, channelId, refreshRoster])
}
