// What a conversation needs for "Save for later": which of its messages I saved, saving or
// removing one in one click (save-now.ts, a lazy chunk: the toast then offers a reminder), and
// the reminder dialog (a lazy chunk) for a time of one's own.
import { Suspense, useCallback, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useMySaved, useSavedLive } from '../data/saved.ts'
import type { SavedState } from '../data/saved.ts'
import './saved.css'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const SaveDialog = lazyRetrying(() => import('./SaveDialog.tsx'), NotLoaded)

export interface SaveForLater {
  saved: ReadonlyMap<string, SavedState>
  /** Saves it at once (a toast offers a reminder), or removes it from Later if saved. */
  toggle: (messageId: string) => void
  /** Opens the reminder dialog for it. */
  chooseTime: (messageId: string) => void
  /** The dialog, while open: render it anywhere. */
  dialog: ReactNode
}

export function useSaveForLater(me: string): SaveForLater {
  useSavedLive(me)
  const saved = useMySaved()
  const queryClient = useQueryClient()
  const [messageId, setMessageId] = useState<string | null>(null)
  const current = useRef(saved)
  current.current = saved
  const toggle = useCallback(
    (id: string) =>
      void import('./save-now.ts').then((m) =>
        m.saveNow({
          queryClient,
          messageId: id,
          saved: current.current.get(id) ?? null,
          chooseTime: setMessageId,
        })
      ),
    [queryClient]
  )
  const dialog = messageId && (
    <Suspense fallback={null}>
      <SaveDialog
        messageId={messageId}
        saved={saved.get(messageId) ?? null}
        onClose={() => setMessageId(null)}
      />
    </Suspense>
  )
  return { saved, toggle, chooseTime: setMessageId, dialog }
}
