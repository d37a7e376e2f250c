// The sidebar's "Threads" entry with the number of unread replies in the threads I follow; it
// keeps the thread queries fresh from my user topic (following and read positions, any device).
// A chunk of its own, loaded a moment after the first screen (ThreadsLink.tsx).
import { useFollowedThreads, useThreadsLive } from '../data/threads.ts'
import { ThreadsLinkView } from './ThreadsLinkView.tsx'
import type { ThreadsLinkProps } from './ThreadsLinkView.tsx'

export default function ThreadsLinkCounted(props: ThreadsLinkProps) {
  useThreadsLive(props.me)
  const threads = useFollowedThreads(props.workspaceId)
  const unread = (threads.data ?? []).reduce((sum, t) => sum + t.unreadCount, 0)
  return <ThreadsLinkView {...props} unread={unread} />
}
