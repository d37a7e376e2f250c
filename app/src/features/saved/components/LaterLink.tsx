// The sidebar's "Later" entry, with the number of saved messages whose reminder is due.
import { plural, t } from '@lingui/core/macro'
import { SidebarLink } from '../../../ui/SidebarLink.tsx'
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
    <SidebarLink
      href={`/w/${props.workspaceId}/later`}
      icon="bookmark"
      label={t`Later`}
      active={props.active}
      onNavigate={props.onNavigate}
      count={due}
      countLabel={plural(due, { one: 'Later, # due', other: 'Later, # due' })}
    />
  )
}
