// How the sidebar's "Threads" entry looks, with the number of unread replies in the threads I
// follow when it is known (ThreadsLinkCounted.tsx counts them).
import { Icon } from '../../../ui/Icon.tsx'
import { Link } from '../../../ui/Link.tsx'

export interface ThreadsLinkProps {
  workspaceId: string
  me: string
  active: boolean
  onNavigate: () => void
}

export function ThreadsLinkView(props: ThreadsLinkProps & { unread: number }) {
  const { unread } = props
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
