// What a conversation needs for "Save for later": which of its messages I saved, and the save
// dialog (a lazy chunk) for one of them.
import { Suspense, useState } from 'react'
import type { ReactNode } from 'react'
import { useMySaved, useSavedLive } from '../data/saved.ts'
import type { SavedState } from '../data/saved.ts'
import './saved.css'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const SaveDialog = lazyRetrying(() => import('./SaveDialog.tsx'), NotLoaded)

export interface SaveForLater {
  saved: ReadonlyMap<string, SavedState>
  open: (messageId: string) => void
  /** The dialog, while open: render it anywhere. */
  dialog: ReactNode
}

export function useSaveForLater(me: string): SaveForLater {
  useSavedLive(me)
  const saved = useMySaved()
  const [messageId, setMessageId] = useState<string | null>(null)
  const dialog = messageId && (
    <Suspense fallback={null}>
      <SaveDialog
        messageId={messageId}
        saved={saved.get(messageId) ?? null}
        onClose={() => setMessageId(null)}
      />
    </Suspense>
  )
  return { saved, open: setMessageId, dialog }
}
