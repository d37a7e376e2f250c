// How the sidebar's "Threads" entry looks, with the number of unread replies in the threads I
// follow when it is known (ThreadsLinkCounted.tsx counts them).
import { plural, t } from '@lingui/core/macro'
import { SidebarLink } from '../../../ui/SidebarLink.tsx'

export interface ThreadsLinkProps {
  workspaceId: string
  me: string
  active: boolean
  onNavigate: () => void
}

export function ThreadsLinkView(props: ThreadsLinkProps & { unread: number }) {
  const unread = props.unread
  return (
    <SidebarLink
      href={`/w/${props.workspaceId}/threads`}
      icon="messages-square"
      label={t`Threads`}
      active={props.active}
      onNavigate={props.onNavigate}
      count={unread}
      countLabel={plural(unread, { one: 'Threads, # unread', other: 'Threads, # unread' })}
    />
  )
}
