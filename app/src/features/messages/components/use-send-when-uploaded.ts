// A message sent while its files are still uploading: kept, and sent once they are all up, as it
// was written; not when the text changed meanwhile (the person is still writing), nor when a file
// failed (they are told, to retry or remove it).
import { t } from '@lingui/core/macro'
import { useEffect, useState } from 'react'
import type { RefObject } from 'react'

export function useSendWhenUploaded(
  uploads: { busy: boolean; uploads: readonly { state: string }[] },
  text: string,
  latest: RefObject<{ text: string; send: () => void }>,
  setProblems: (problems: string[]) => void
): { waiting: boolean; queue: () => void } {
  const [queued, setQueued] = useState<string | null>(null)
  const failed = uploads.uploads.some((u) => u.state === 'failed')
  useEffect(() => {
    if (queued === null || uploads.busy) return
    setQueued(null)
    if (latest.current.text !== queued) return
    if (failed) setProblems([t`A file could not be uploaded: retry or remove it, then send.`])
    else latest.current.send()
  }, [queued, uploads.busy, failed, latest, setProblems])
  const queue = () => {
    setProblems([])
    setQueued(text)
  }
  return { waiting: queued !== null && queued === text, queue }
}
