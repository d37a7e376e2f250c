// Moderation in the message screen's extension slot (messages/extension.ts): "Report message" on
// someone else's message (a reason and an optional note, in a lazy dialog), then "Reported" above
// it for me; "Removed by an admin" in place of a removed message (its text and files are gone
// from what anyone reads, so it shows as a message with nothing in it), and "Restore message" on
// it for owners and admins.
import { Suspense, useMemo, useState } from 'react'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import type { ChatMessage } from '../messages/conversation/types.ts'
import type {
  MessageAction,
  MessageCapabilities,
  MessageExtension,
  MessageFeature,
  MessageMarker,
  UseMessageExtension,
} from '../messages/extension.ts'
import { useMyReports, useResolve } from './data/moderation.ts'

const ReportDialog = lazyRetrying(() => import('./components/ReportDialog.tsx'), NotLoaded)

/** A message an admin removed: not deleted, yet with neither text nor files (no other is). */
export function isRemoved(message: ChatMessage): boolean {
  return !message.deletedAt && message.body.trim() === '' && message.attachments.length === 0
}

/** "Report message" and, for admins, "Restore message" (pure). */
export function moderationActions(
  reported: ReadonlySet<string>,
  isAdmin: boolean,
  report: (message: ChatMessage) => void,
  restore: (messageId: string) => void
): (message: ChatMessage, capabilities: MessageCapabilities) => MessageAction[] {
  return (message, { me, readOnly }) => {
    if (readOnly || message.deletedAt) return []
    if (isRemoved(message)) {
      return isAdmin
        ? [
            {
              id: 'restore',
              label: 'Restore message',
              icon: 'history',
              run: () => restore(message.id),
              order: 85,
            },
          ]
        : []
    }
    if (message.authorId === me || reported.has(message.id)) return []
    return [
      {
        id: 'report',
        label: 'Report message',
        icon: 'circle-dot',
        run: () => report(message),
        order: 86,
      },
    ]
  }
}

/** "Removed by an admin" and "Reported" above a message (pure). */
export function moderationMarkers(
  reported: ReadonlySet<string>
): (message: ChatMessage) => MessageMarker[] {
  return (message) => {
    if (isRemoved(message)) {
      return [
        {
          id: 'removed',
          icon: 'trash-2',
          label: 'Removed by an admin',
          className: 'pin-marker removed-marker',
        },
      ]
    }
    return reported.has(message.id)
      ? [{ id: 'reported', icon: 'circle-dot', label: 'Reported', className: 'pin-marker' }]
      : []
  }
}

const NONE: ReadonlySet<string> = new Set()

export const useModerationExtension: UseMessageExtension = (scope) => {
  const { channelId, workspaceId, isAdmin } = scope
  const later = useAfterFirstScreen()
  const mine = useMyReports(channelId, later)
  const resolve = useResolve(workspaceId)
  const [reporting, setReporting] = useState<ChatMessage | null>(null)
  const reported = mine.data ?? NONE
  const restore = resolve.mutate
  return useMemo(
    (): MessageExtension => ({
      id: 'moderation',
      actions: moderationActions(reported, isAdmin, setReporting, (messageId) =>
        restore({ messageId, action: 'restore' })
      ),
      markers: moderationMarkers(reported),
      overlay: reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            channelId={channelId}
            message={reporting}
            author={scope.nameOf(reporting.authorId)}
            onClose={() => setReporting(null)}
          />
        </Suspense>
      ),
    }),
    [reported, isAdmin, restore, reporting, channelId, scope]
  )
}

/** In the slot (features/message-extensions.ts finds it by this file's name). */
const moderation: MessageFeature = {
  id: 'moderation',
  order: 70,
  useChannel: useModerationExtension,
}
export default moderation
