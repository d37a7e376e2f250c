// The sidebar's "Scheduled" count: my scheduled messages that could not be sent. It also tells me
// when one is not sent while the app is open (a toast with a way to the list). A chunk of its own,
// loaded a moment after the first screen (slots/view.ts).
import { plural, t } from '@lingui/core/macro'
import { useCallback } from 'react'
import { navigate } from '../../../lib/router.ts'
import { showToast } from '../../../ui/layers.ts'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useScheduled, useScheduledLive } from '../data/scheduled.ts'

export default function ScheduledCount({ workspaceId, me, link }: ViewCountProps) {
  const notSent = useCallback(
    () =>
      showToast({
        message: t`A scheduled message could not be sent.`,
        tone: 'error',
        action: { label: t`View`, run: () => navigate(`/w/${workspaceId}/scheduled`) },
      }),
    [workspaceId]
  )
  useScheduledLive(me, notSent)
  const items = useScheduled(workspaceId)
  const failed = (items.data ?? []).filter((i) => i.failedAt).length
  return link(
    failed,
    plural(failed, { one: 'Scheduled, # not sent', other: 'Scheduled, # not sent' })
  )
}
