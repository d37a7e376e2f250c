// The composer's text, kept per channel across reloads (a reload, a crash or a sign-in after an
// expired session loses nothing): written to the device a moment after typing pauses, at once when
// the page is hidden or left and when the composer goes. Not at each keystroke: writing a 1 MB
// draft to localStorage then took longer than the keystroke (issue 68).
import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { browserStore } from '../../../lib/local-store.ts'

// The id of the message its files are uploaded for is kept beside it while files are attached
// (attachments' draft-message.ts), so that a file attached again after a reload resumes.
const draftKey = (channelId: string) => `chorus.draft.v1.${channelId}`

/** How long typing pauses before the draft is written. */
export const DRAFT_SAVE_MS = 400

type Unsaved = RefObject<{ channelId: string; text: string } | null>

function save(unsaved: Unsaved) {
  const draft = unsaved.current
  if (!draft) return
  unsaved.current = null
  const store = browserStore()
  try {
    if (draft.text) store.setItem(draftKey(draft.channelId), draft.text)
    else store.removeItem(draftKey(draft.channelId))
  } catch {
    // a full store keeps the last draft it could
  }
}

export function useDraft(channelId: string) {
  const [text, setText] = useState(() => browserStore().getItem(draftKey(channelId)) ?? '')
  const unsaved: Unsaved = useRef(null)
  useEffect(() => {
    unsaved.current = { channelId, text }
    const timer = setTimeout(save, DRAFT_SAVE_MS, unsaved)
    return () => clearTimeout(timer)
  }, [text, channelId])
  useEffect(() => {
    const flush = () => save(unsaved)
    addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', flush)
    return () => {
      removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', flush)
      flush()
    }
  }, [])
  return [text, setText] as const
}
