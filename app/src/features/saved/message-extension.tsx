// "Save for later" in the message screen's extension slot (slots/message.ts): the action
// on a message (also in an archived channel: saving is personal), in the hover bar too (one
// click saves, a toast then offers a reminder; on a saved message it removes it from Later),
// "Change reminder…" on a saved one, the "Saved for later" marker above its text, and the
// reminder dialog (a lazy chunk) while it is open.
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

/** The save actions on one message (pure): save or remove, and a saved one's reminder. */
export function saveActions(
  saved: ReadonlyMap<string, unknown>,
  toggle: (messageId: string) => void,
  chooseTime: (messageId: string) => void
): (message: ChatMessage) => MessageAction[] {
  return (message) => {
    const isSaved = saved.has(message.id)
    const save: MessageAction = {
      id: 'save',
      label: isSaved ? t`Remove from Later` : t`Save for later`,
      icon: isSaved ? 'bookmark-check' : 'bookmark',
      inToolbar: true,
      run: () => toggle(message.id),
      order: 50,
    }
    if (!isSaved) return [save]
    const reminder: MessageAction = {
      id: 'save-reminder',
      label: t`Change reminder…`,
      icon: 'alarm-clock',
      run: () => chooseTime(message.id),
      order: 51,
    }
    return [save, reminder]
  }
}

/** "Saved for later" above a message I saved (pure). */
export function savedMarkers(saved: ReadonlyMap<string, unknown>) {
  return (message: ChatMessage): MessageMarker[] =>
    saved.has(message.id)
      ? [{ id: 'saved', icon: 'bookmark', label: t`Saved for later`, className: 'saved-marker' }]
      : []
}

export const useSavedExtension: UseMessageExtension = ({ me }) => {
  const { saved, toggle, chooseTime, dialog } = useSaveForLater(me)
  return useMemo(
    (): MessageExtension => ({
      id: 'saved',
      actions: saveActions(saved, toggle, chooseTime),
      markers: savedMarkers(saved),
      overlay: dialog,
    }),
    [saved, toggle, chooseTime, dialog]
  )
}

/** In the slot (features/message-extensions.ts finds it): after pins. */
const saved: MessageFeature = { id: 'saved', order: 20, useChannel: useSavedExtension }
export default saved
