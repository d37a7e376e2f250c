// The sidebar's "Drafts" count: the boxes I have text in, on any of my devices (a quiet count,
// not an unread one: ui/view.css). In the view's chunk, loaded a moment after the first screen
// (slots/view.ts); it keeps my drafts live from my user topic, and saves to my account the edits
// this device could not save before (the page was left before its save went out, or offline).
import { plural } from '@lingui/core/macro'
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useDrafts, useDraftsLive } from '../data/drafts.ts'
import { savePending } from '../data/pending.ts'

export default function DraftsCount({ workspaceId, me, link }: ViewCountProps) {
  useDraftsLive(me)
  const queryClient = useQueryClient()
  useEffect(() => {
    const save = () => void savePending(queryClient)
    save()
    addEventListener('online', save)
    return () => removeEventListener('online', save)
  }, [queryClient])
  const drafts = useDrafts(workspaceId)
  const count = (drafts.data ?? []).filter((d) => d.body.trim() !== '').length
  return link(count, plural(count, { one: 'Drafts, # draft', other: 'Drafts, # drafts' }))
}
