// The files attached to the message being written: each uploads at once into the message's
// folder (the message id is made before sending, and kept across reloads while files are
// attached: draft-message.ts), with progress, cancel and retry; files over 6 MB resumably
// (resumable-upload.ts), which can also be paused and resumed, and which resume after a reload
// when the same file is attached again. The message is sent with the uploaded files' metadata
// once none is still uploading or paused; cancelled or failed files are not part of it.
import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { newId } from '../../../lib/uuid.ts'
import { MAX_FILES_PER_MESSAGE } from './rules.ts'
import {
  draftMessageId,
  forgetDraftMessageId,
  isDraftUpload,
  keepDraftMessageId,
} from './draft-message.ts'
import type { Accepted } from './accept-files.ts'
import type { DraftUpload, OutgoingFile } from './upload-types.ts'
import type { ResumableHandle } from './resumable-upload.ts'
import { UploadError } from './upload-error.ts'
import type { UploadHandle } from './upload-error.ts'

/** The transfer code, one chunk loaded when first needed (Import from Slack's upload too). */
export const transfers = () => import('./transfers.ts')
/** What may be attached, a chunk of its own fetched once the first screen is shown (index.ts). */
export const acceptingFiles = () => import('./accept-files.ts')

export type { DraftUpload, OutgoingFile } from './upload-types.ts'

export function useUploads(workspaceId: string, channelId: string) {
  const [messageId, setMessageId] = useState(() => draftMessageId(channelId))
  const [uploads, setUploads] = useState<DraftUpload[]>([])
  const [adding, setAdding] = useState(0)
  const queryClient = useQueryClient()
  const handles = useRef(new Map<string, UploadHandle | ResumableHandle>())
  /** The object paths of the files attached now (a resumed upload must not take another's). */
  const paths = useRef(new Map<string, string>())

  const patch = useCallback((id: string, change: Partial<DraftUpload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)))
  }, [])

  const start = useCallback(
    (upload: DraftUpload) => {
      const onProgress = (fraction: number) => patch(upload.id, { progress: fraction })
      paths.current.set(upload.id, upload.path)
      const handle = whenLoaded(
        transfers().then((t) =>
          upload.resumable
            ? t.uploadResumable(upload.path, upload.file, {
                onProgress,
                onPaused: (paused) => patch(upload.id, { state: paused ? 'paused' : 'uploading' }),
                isSameUpload: (objectName) => {
                  const taken = new Set(paths.current.values())
                  taken.delete(upload.path)
                  return isDraftUpload(upload.path, objectName, taken)
                },
                onResumed: (objectName) => {
                  paths.current.set(upload.id, objectName)
                  patch(upload.id, { path: objectName })
                },
              })
            : t.uploadFile(upload.path, upload.file, onProgress)
        )
      )
      handles.current.set(upload.id, handle)
      handle.promise.then(
        () => patch(upload.id, { state: 'done', progress: 1, error: null }),
        (error: unknown) => {
          if (error instanceof UploadError && error.cancelled) return
          patch(upload.id, { state: 'failed', error: (error as Error).message })
        }
      )
    },
    [patch]
  )

  /** Adds files (a text: as a text file); returns the problems of the ones refused (size,
   * count). */
  const add = useCallback(
    async (files: (File | string)[]): Promise<string[]> => {
      let taken: Accepted
      // Busy while the files are read: a message sent meanwhile waits for them too.
      setAdding((n) => n + 1)
      try {
        const { acceptFiles } = await acceptingFiles()
        const room = MAX_FILES_PER_MESSAGE - uploads.length
        taken = await acceptFiles(files, room, { workspaceId, channelId, messageId }, queryClient)
      } catch {
        return [t`The uploader could not be loaded. Check the connection and retry.`]
      } finally {
        setAdding((n) => n - 1)
      }
      const { accepted, problems } = taken
      if (accepted.length > 0) keepDraftMessageId(channelId, messageId)
      setUploads((list) => [...list, ...accepted])
      for (const upload of accepted) start(upload)
      return problems
    },
    [uploads.length, workspaceId, channelId, messageId, start, queryClient]
  )

  const cancel = useCallback(
    (id: string) => {
      handles.current.get(id)?.cancel()
      handles.current.delete(id)
      paths.current.delete(id)
      const gone = uploads.find((u) => u.id === id)
      // A finished upload that will not be sent is deleted, not left orphaned in the bucket.
      if (gone?.state === 'done') {
        void transfers()
          .then((t) => t.removeUnsent(gone.path))
          .catch(() => undefined)
      }
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl)
      setUploads((list) => list.filter((u) => u.id !== id))
    },
    [uploads]
  )

  const retry = useCallback(
    (id: string) => {
      const upload = uploads.find((u) => u.id === id)
      if (!upload) return
      const fresh = { ...upload, state: 'uploading' as const, progress: 0, error: null }
      patch(id, fresh)
      start(fresh)
    },
    [uploads, patch, start]
  )

  const pause = useCallback((id: string) => {
    const handle = handles.current.get(id)
    if (handle && 'pause' in handle) handle.pause()
  }, [])

  const resume = useCallback((id: string) => {
    const handle = handles.current.get(id)
    if (handle && 'resume' in handle) handle.resume()
  }, [])

  /** After the message is sent: a new message id, an empty tray. Object URLs stay for the echo. */
  const reset = useCallback(() => {
    handles.current.clear()
    paths.current.clear()
    setUploads([])
    forgetDraftMessageId(channelId)
    setMessageId(newId())
  }, [channelId])

  useEffect(() => {
    const current = handles.current
    return () => {
      for (const handle of current.values()) handle.cancel()
    }
  }, [])

  const busy = adding > 0 || uploads.some((u) => u.state === 'uploading' || u.state === 'paused')
  // The same object until something in it changes: the composer is rendered again only then.
  return useMemo(
    () => ({
      messageId,
      uploads,
      files: uploads
        .filter((u) => u.state === 'done')
        .map((u): OutgoingFile => ({
          id: u.id,
          path: u.path,
          name: u.name,
          size: u.size,
          mime: u.mime,
          width: u.width,
          height: u.height,
        })),
      busy,
      add,
      cancel,
      retry,
      pause,
      resume,
      reset,
    }),
    [messageId, uploads, busy, add, cancel, retry, pause, resume, reset]
  )
}

/**
 * A handle at once for a transfer whose code is still loading: cancel, pause and resume apply
 * once it has started. Code that cannot be loaded (offline before it was ever kept) fails the
 * upload with a retryable error.
 */
function whenLoaded(started: Promise<UploadHandle | ResumableHandle>): ResumableHandle {
  const handle = started.catch(() => {
    throw new UploadError(
      t`The uploader could not be loaded. Check the connection and retry.`,
      true
    )
  })
  const then = (act: (h: UploadHandle | ResumableHandle) => void) =>
    void handle.then(act, () => undefined)
  return {
    promise: handle.then((h) => h.promise),
    cancel: () => then((h) => h.cancel()),
    pause: () => then((h) => 'pause' in h && h.pause()),
    resume: () => then((h) => 'resume' in h && h.resume()),
  }
}
