// This device's edits not yet saved to my account (the page was left before their save went out,
// or it was offline), saved once the app is back (the sidebar's count, every composer's sync) and
// online again.
import type { QueryClient } from '@tanstack/react-query'
import { saveDraft } from './drafts.ts'
import { pendingEdits, readSync, textHash, writeSync } from './local-sync.ts'

/** A refusal of the server (a SQLSTATE), not a network's failure: saving again will not help. */
export const refused = (error: unknown) =>
  /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code))

/** Saves this device's pending edits (an open box's own sync may save its own too: the same
 *  edit saved twice is kept once). A refusal (a channel left) leaves the edit on the device. */
export async function savePending(queryClient: QueryClient) {
  for (const edit of pendingEdits()) {
    if (edit.text.length > 40_000) continue
    const { box, state } = edit
    try {
      const kept = await saveDraft(queryClient, {
        ...edit,
        body: edit.text,
        editedAt: state.editedAt,
      })
      if (readSync(box)?.editedAt !== state.editedAt) continue
      const at = kept.body === edit.text ? Date.parse(kept.editedAt) : state.editedAt
      writeSync(box, { editedAt: at, pending: false, hash: textHash(edit.text) })
    } catch (error) {
      if (refused(error)) writeSync(box, { ...state, pending: false, hash: textHash(edit.text) })
      else return
    }
  }
}
