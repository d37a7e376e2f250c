// The sidebar's "Threads" entry with the number of unread replies in the threads I follow; it
// keeps the thread queries fresh from my user topic (following and read positions, any device).
import { Icon } from '../../../ui/Icon.tsx'
import { Link } from '../../../ui/Link.tsx'
import { useFollowedThreads, useThreadsLive } from '../data/threads.ts'

export function ThreadsLink(props: {
  workspaceId: string
  me: string
  active: boolean
  onNavigate: () => void
}) {
  useThreadsLive(props.me)
  const threads = useFollowedThreads(props.workspaceId)
  const unread = (threads.data ?? []).reduce((sum, t) => sum + t.unreadCount, 0)
  return (
    <Link
      href={`/w/${props.workspaceId}/threads`}
      className={`channel-link threads-link${props.active ? ' active' : ''}${unread > 0 ? ' unread' : ''}`}
      aria-current={props.active ? 'page' : undefined}
      aria-label={unread > 0 ? `Threads, ${unread} unread` : 'Threads'}
      onClick={props.onNavigate}
    >
      <span className="channel-prefix" aria-hidden="true">
        <Icon name="messages-square" size={16} />
      </span>
      <span className="channel-name">Threads</span>
      {unread > 0 && (
        <span className="badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
