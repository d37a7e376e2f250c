// The sidebar's "Later" entry, with the number of saved messages whose reminder is due.
import { Icon } from '../../../ui/Icon.tsx'
import { Link } from '../../../ui/Link.tsx'
import { useLaterItems, useSavedLive } from '../data/saved.ts'

export function LaterLink(props: {
  workspaceId: string
  me: string
  active: boolean
  onNavigate: () => void
}) {
  useSavedLive(props.me)
  const items = useLaterItems(props.workspaceId, false)
  const due = (items.data ?? []).filter((i) => i.due).length
  return (
    <Link
      href={`/w/${props.workspaceId}/later`}
      className={`channel-link threads-link${props.active ? ' active' : ''}${due > 0 ? ' unread' : ''}`}
      aria-current={props.active ? 'page' : undefined}
      aria-label={due > 0 ? `Later, ${due} due` : 'Later'}
      onClick={props.onNavigate}
    >
      <span className="channel-prefix" aria-hidden="true">
        <Icon name="bookmark" size={16} />
      </span>
      <span className="channel-name">Later</span>
      {due > 0 && (
        <span className="badge" aria-hidden="true">
          {due > 99 ? '99+' : due}
        </span>
      )}
    </Link>
  )
}
