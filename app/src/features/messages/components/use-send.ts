// Sending from a conversation's composer, the channel's or a thread's: the files' local
// previews kept for the pending rows while they upload, and the list scrolled to its end.
import { t } from '@lingui/core/macro'
import { useCallback, useRef, useState } from 'react'
import type { DraftUpload, OutgoingFile } from '../../attachments/index.ts'
import type { LiveChannel } from '../conversation/live-channel.ts'

export function useSend(
  live: LiveChannel | null,
  uploads: readonly DraftUpload[],
  options: { alsoToChannel?: boolean; onSent?: () => void } = {}
) {
  const { alsoToChannel, onSent } = options
  const [scrollSignal, setScrollSignal] = useState(0)
  const localUrls = useRef(new Map<string, string>())
  const send = useCallback(
    (body: string, files: OutgoingFile[], messageId: string) => {
      if (!live) return t`Still connecting; try again in a moment.`
      for (const upload of uploads) {
        if (upload.previewUrl) localUrls.current.set(upload.id, upload.previewUrl)
      }
      const result = live.send(body, files, messageId, alsoToChannel)
      if (!result.ok) return result.error
      onSent?.()
      setScrollSignal((n) => n + 1)
      return null
    },
    [live, uploads, alsoToChannel, onSent]
  )
  return { send, scrollSignal, localUrls: localUrls.current }
}
