// The sidebar's "Drafts" count: the boxes I have text in, on any of my devices (a quiet count,
// not an unread one: ui/view.css). In the view's chunk, loaded a moment after the first screen
// (slots/view.ts); it keeps my drafts live from my user topic.
import { plural } from '@lingui/core/macro'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useDrafts, useDraftsLive } from '../data/drafts.ts'

export default function DraftsCount({ workspaceId, me, link }: ViewCountProps) {
  useDraftsLive(me)
  const drafts = useDrafts(workspaceId)
  const count = (drafts.data ?? []).filter((d) => d.body.trim() !== '').length
  return link(count, plural(count, { one: 'Drafts, # draft', other: 'Drafts, # drafts' }))
}
