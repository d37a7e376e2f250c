// "Save for later" in one click (the hover bar's bookmark, the menu, the sheet), as Slack does:
// the message is saved at once (marked before the server answers), then a toast offers a
// reminder: in 20 minutes, in 1 hour, tomorrow at 9:00, or a time of one's own (the reminder
// dialog). Clicked again on a saved message, it is removed from Later, with Undo. Loaded on the
// first click: none of it is on the first screen.
import { t } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { cleanError } from '../../../lib/clean-error.ts'
import { showToast } from '../../../ui/layers.ts'
import { savedKeys } from '../data/saved.ts'
import { saveMessage, unsaveMessage } from '../data/save-calls.ts'
import type { SavedState } from '../data/saved.ts'
import { reminderLabel, reminderTime } from '../data/reminders.ts'

export interface SaveNow {
  queryClient: QueryClient
  messageId: string
  /** What is saved of it now (null: not saved). */
  saved: SavedState | null
  /** Opens the reminder dialog (a date and time of one's own). */
  chooseTime: (messageId: string) => void
}

/** Marks it saved (or not) in my saved list at once; the server's answer then replaces it. */
function markSaved(queryClient: QueryClient, messageId: string, state: SavedState | null) {
  queryClient.setQueryData<Map<string, SavedState>>(savedKeys.mine(), (old) => {
    const next = new Map(old)
    if (state) next.set(messageId, state)
    else next.delete(messageId)
    return next
  })
}

async function save(queryClient: QueryClient, messageId: string, remindAt: string | null) {
  markSaved(queryClient, messageId, { remindAt, doneAt: null })
  try {
    await saveMessage(messageId, remindAt)
  } finally {
    void queryClient.invalidateQueries({ queryKey: savedKeys.all })
  }
}

function failed(error: unknown) {
  const reason = cleanError(error)
  showToast({ tone: 'error', message: t`Could not save it: ${reason}` })
}

async function remind(options: SaveNow, remindAt: Date) {
  try {
    await save(options.queryClient, options.messageId, remindAt.toISOString())
    const when = reminderLabel(remindAt.toISOString(), new Date())
    showToast({ message: t`Reminder set: ${when}.` })
  } catch (error) {
    failed(error)
  }
}

export async function saveNow(options: SaveNow): Promise<void> {
  const { queryClient, messageId, saved } = options
  if (saved) {
    markSaved(queryClient, messageId, null)
    try {
      await unsaveMessage(messageId)
    } catch (error) {
      markSaved(queryClient, messageId, saved)
      showToast({ tone: 'error', message: cleanError(error) })
      return
    } finally {
      void queryClient.invalidateQueries({ queryKey: savedKeys.all })
    }
    showToast({
      message: t`Removed from Later.`,
      action: {
        label: t`Undo`,
        run: () => void save(queryClient, messageId, saved.remindAt).catch(failed),
      },
    })
    return
  }
  try {
    await save(queryClient, messageId, null)
  } catch (error) {
    failed(error)
    return
  }
  const at = (choice: 'minutes20' | 'hour' | 'tomorrow') => () => {
    const time = reminderTime(choice, new Date())
    if (time) void remind(options, time)
  }
  showToast({
    message: t`Saved for later`,
    choices: {
      label: t`Remind me:`,
      actions: [
        { label: t`In 20 minutes`, run: at('minutes20') },
        { label: t`In 1 hour`, run: at('hour') },
        { label: t`Tomorrow`, run: at('tomorrow') },
        { label: t`Custom…`, run: () => options.chooseTime(messageId) },
      ],
    },
  })
}
