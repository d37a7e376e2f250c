// The sidebar's "Activity" count: what happened to me that I have not seen, kept live. A chunk of
// its own, loaded a moment after the first screen (slots/view.ts).
import { plural } from '@lingui/core/macro'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useActivity, useActivityLive } from '../data/activity.ts'

export default function ActivityCount({ workspaceId, me, link }: ViewCountProps) {
  useActivityLive(workspaceId, me)
  const activity = useActivity(workspaceId)
  const unread = (activity.data ?? []).filter((i) => i.unread).length
  return link(unread, plural(unread, { one: 'Activity, # new', other: 'Activity, # new' }))
}
