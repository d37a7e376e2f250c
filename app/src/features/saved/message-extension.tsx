// "Save for later" in the message screen's extension slot (slots/message.ts): the action
// on a message (also in an archived channel: saving is personal), the "Saved for later"
// marker above its text, and the save dialog (a lazy chunk) while it is open.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import type { ChatMessage } from '../../slots/message.ts'
import type {
  MessageAction,
  MessageExtension,
  MessageFeature,
  MessageMarker,
  UseMessageExtension,
} from '../../slots/message.ts'
import { useSaveForLater } from './components/SaveForLater.tsx'

/** The save action on one message (pure). */
export function saveActions(
  saved: ReadonlyMap<string, unknown>,
  open: (messageId: string) => void
): (message: ChatMessage) => MessageAction[] {
  return (message) => [
    {
      id: 'save',
      label: saved.has(message.id) ? t`Saved for later…` : t`Save for later`,
      icon: 'bookmark',
      run: () => open(message.id),
      order: 50,
    },
  ]
}

/** "Saved for later" above a message I saved (pure). */
export function savedMarkers(saved: ReadonlyMap<string, unknown>) {
  return (message: ChatMessage): MessageMarker[] =>
    saved.has(message.id)
      ? [{ id: 'saved', icon: 'bookmark', label: t`Saved for later`, className: 'saved-marker' }]
      : []
}

export const useSavedExtension: UseMessageExtension = ({ me }) => {
  const { saved, open, dialog } = useSaveForLater(me)
  return useMemo(
    (): MessageExtension => ({
      id: 'saved',
      actions: saveActions(saved, open),
      markers: savedMarkers(saved),
      overlay: dialog,
    }),
    [saved, open, dialog]
  )
}

/** In the slot (features/message-extensions.ts finds it): after pins. */
const saved: MessageFeature = { id: 'saved', order: 20, useChannel: useSavedExtension }
export default saved
