// Moderation's actions and markers on a message (pure): "Report message" on someone else's
// message not yet reported, "Reported" above one I reported; "Removed by an admin" in place of a
// removed message (its text and files are gone from what anyone reads, so it comes with neither)
// and, for owners and admins, "Restore message" on it.
import { t } from '@lingui/core/macro'
import type { ChatMessage } from '../../slots/message.ts'
import type { MessageAction, MessageCapabilities, MessageMarker } from '../../slots/message.ts'

/** A message an admin removed (and not restored since): the message says so. */
export function isRemoved(message: ChatMessage): boolean {
  return !message.deletedAt && message.removedAt != null
}

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
              label: t`Restore message`,
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
        label: t`Report message`,
        icon: 'flag',
        run: () => report(message),
        order: 86,
      },
    ]
  }
}

export function moderationMarkers(
  reported: ReadonlySet<string>
): (message: ChatMessage) => MessageMarker[] {
  return (message) => {
    if (isRemoved(message)) {
      return [
        {
          id: 'removed',
          icon: 'trash-2',
          label: t`Removed by an admin`,
          className: 'pin-marker removed-marker',
        },
      ]
    }
    return reported.has(message.id)
      ? [{ id: 'reported', icon: 'flag', label: t`Reported`, className: 'pin-marker' }]
      : []
  }
}
