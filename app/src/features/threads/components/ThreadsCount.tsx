// The sidebar's "Threads" count: unread replies in the threads I follow. It keeps the thread
// queries fresh from my user topic (following and read positions, any device). A chunk of its
// own, loaded a moment after the first screen (slots/view.ts).
import { plural } from '@lingui/core/macro'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useFollowedThreads, useThreadsLive } from '../data/threads.ts'

/** The link's name with its count ("Threads, 3 unread"), in the app's language. */
export function threadsCountLabel(unread: number): string {
  return plural(unread, { one: 'Threads, # unread', other: 'Threads, # unread' })
}

export default function ThreadsCount({ workspaceId, me, link }: ViewCountProps) {
  useThreadsLive(me)
  const threads = useFollowedThreads(workspaceId)
  const unread = (threads.data ?? []).reduce((sum, t) => sum + t.unreadCount, 0)
  return link(unread, threadsCountLabel(unread))
}
