// Moderation's part of one open channel, a lazy chunk the slot's stub (message-extension.tsx)
// mounts after the first screen: my reports of the channel, the actions and markers it hands
// back to the stub, and the report dialog while open.
import { useEffect, useMemo, useState } from 'react'
import type { SlotParts, SlotProps } from '../lazy-message-feature.tsx'
import type { ChatMessage } from '../../slots/message.ts'
import { useMyReports, useResolve } from './data/moderation.ts'
import { moderationActions, moderationMarkers } from './slot.ts'
import ReportDialog from './components/ReportDialog.tsx'

const NONE: ReadonlySet<string> = new Set()

export default function ModerationSlot(props: SlotProps) {
  const { scope, onParts } = props
  const { channelId, workspaceId, isAdmin } = scope
  const mine = useMyReports(channelId, true)
  const restore = useResolve(workspaceId).mutate
  const [reporting, setReporting] = useState<ChatMessage | null>(null)
  const reported = mine.data ?? NONE
  const parts = useMemo(
    (): SlotParts => ({
      actions: moderationActions(reported, isAdmin, setReporting, (messageId) =>
        restore({ messageId, action: 'restore' })
      ),
      markers: moderationMarkers(reported),
    }),
    [reported, isAdmin, restore]
  )
  useEffect(() => onParts(parts), [parts, onParts])
  return (
    reporting && (
      <ReportDialog
        channelId={channelId}
        message={reporting}
        author={scope.nameOf(reporting.authorId)}
        nameOf={scope.nameOf}
        onClose={() => setReporting(null)}
      />
    )
  )
}
