// The sidebar's "Later" count: saved messages whose reminder is due. A chunk of its own, loaded a
// moment after the first screen (slots/view.ts).
import { plural } from '@lingui/core/macro'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useLaterItems, useSavedLive } from '../data/saved.ts'

export default function LaterCount({ workspaceId, me, link }: ViewCountProps) {
  useSavedLive(me)
  const items = useLaterItems(workspaceId, false)
  const due = (items.data ?? []).filter((i) => i.due).length
  return link(due, plural(due, { one: 'Later, # due', other: 'Later, # due' }))
}
