// Files over 6 MB upload resumably, as Supabase documents it: tus at /storage/v1/upload/resumable
// in 6 MB chunks with tus-js-client, which is loaded only when such a file is attached (it is not
// part of the first screen's JavaScript). A dropped network pauses the upload, which goes on by
// itself from the server's offset once the browser is back online; a retry, or the same file
// attached again to the same draft after a reload, resumes from the server's offset too (tus
// fingerprints in local storage). Pause, resume and cancel are the user's. Every request of an
// upload carries the session's current access token (read just before it is sent, refreshed by
// supabase-js when it has expired), so an upload that outlives a token, or resumes after a long
// outage, goes on signed in.
import { t } from '@lingui/core/macro'
import type { Upload as TusUpload } from 'tus-js-client'
import { runtimeConfig, supabase } from '../../../lib/supabase.ts'
import { ATTACHMENT_BUCKET, RESUMABLE_CHUNK } from './rules.ts'
import { UploadError } from './upload-error.ts'
import type { UploadHandle } from './upload-error.ts'

export interface ResumableHandle extends UploadHandle {
  pause(): void
  resume(): void
}

export interface ResumableEvents {
  onProgress: (fraction: number) => void
  onPaused: (paused: boolean) => void
  /** Whether a remembered upload of this file (by its object name) is this one to resume. */
  isSameUpload: (objectName: string) => boolean
  /** A remembered upload is resumed: the file goes to its object name. */
  onResumed: (objectName: string) => void
}

/** Where the upload goes, and what a refusal by the bucket's policies says. */
export interface ResumableTarget {
  bucket: string
  refused: string
}

const attachments = (): ResumableTarget => ({
  bucket: ATTACHMENT_BUCKET,
  refused: t`You cannot upload files to this channel.`,
})

export function uploadResumable(
  path: string,
  file: File,
  events: ResumableEvents,
  target: ResumableTarget = attachments()
): ResumableHandle {
  const { onProgress, onPaused } = events
  let upload: TusUpload | null = null
  let cancelled = false
  let paused = false
  let waitingForNetwork = false
  const online = () => {
    if (!waitingForNetwork || paused || cancelled) return
    waitingForNetwork = false
    onPaused(false)
    upload?.start()
  }
  window.addEventListener('online', online)
  const promise = (async () => {
    const [{ Upload }, token] = await Promise.all([import('tus-js-client'), currentToken()])
    if (!token) throw new UploadError(signedOut(), false)
    if (cancelled) throw new UploadError(t`Upload cancelled.`, false, true)
    const { supabaseUrl, supabaseKey } = runtimeConfig()
    await new Promise<void>((resolve, reject) => {
      const current = new Upload(file, {
        endpoint: `${supabaseUrl}/storage/v1/upload/resumable`,
        chunkSize: RESUMABLE_CHUNK,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        headers: { apikey: supabaseKey, 'x-upsert': 'false' },
        // Each request (creation, every PATCH, the HEAD of a resume, a retry) as the session is now.
        onBeforeRequest: async (request) => {
          const now = await currentToken()
          if (!now) throw new UploadError(signedOut(), false)
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header's value
          request.setHeader('authorization', `Bearer ${now}`)
        },
        uploadDataDuringCreation: true,
        removeFingerprintOnSuccess: true,
        metadata: {
          bucketName: target.bucket,
          objectName: path,
          contentType: file.type || 'application/octet-stream',
          cacheControl: '3600',
        },
        onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
        onSuccess: () => {
          onProgress(1)
          resolve()
        },
        onError: (error) => {
          if (cancelled) return
          const signedOut = [error, (error as { causingError?: unknown }).causingError].find(
            (e) => e instanceof UploadError
          )
          if (signedOut) return reject(signedOut)
          // Offline: wait for the network, then go on from what the server has.
          if (!navigator.onLine) {
            waitingForNetwork = true
            onPaused(true)
            return
          }
          reject(tusFailure(error, target))
        },
      })
      upload = current
      // The same file to the same path (a retry), or to the same draft's folder (attached again
      // after a reload), resumes where it stopped; another message's upload of it is not this one.
      void current.findPreviousUploads().then((previous) => {
        const same = previous.find((p) => events.isSameUpload(p.metadata.objectName ?? ''))
        if (same) {
          current.resumeFromPreviousUpload(same)
          const objectName = same.metadata.objectName!
          current.options.metadata = { ...current.options.metadata, objectName }
          if (objectName !== path) events.onResumed(objectName)
        }
        if (!paused && !cancelled) current.start()
      }, reject)
    })
  })()
  void promise.finally(() => window.removeEventListener('online', online)).catch(() => undefined)
  return {
    promise,
    cancel() {
      cancelled = true
      window.removeEventListener('online', online)
      // Terminates the upload on the server: its parts are removed.
      void upload?.abort(true).catch(() => undefined)
    },
    pause() {
      paused = true
      void upload?.abort(false)
      onPaused(true)
    },
    resume() {
      paused = false
      waitingForNetwork = false
      onPaused(false)
      upload?.start()
    },
  }
}

const signedOut = () => t`Your session expired. Sign in again to upload.`

/** The session's access token now (getSession() refreshes an expired one first). */
async function currentToken(): Promise<string | null> {
  const { data } = await supabase().auth.getSession()
  return data.session?.access_token ?? null
}

/** Why an upload failed, in words a person can act on. */
function tusFailure(error: Error, target: ResumableTarget): UploadError {
  const response = (
    error as { originalResponse?: { getStatus(): number; getBody(): string } | null }
  ).originalResponse
  const status = response?.getStatus() ?? 0
  const body = response?.getBody() ?? ''
  if (status === 413) return new UploadError(t`The file is larger than the server allows.`, false)
  // The workspace's limit, which Storage passes on with its code at the end of the message.
  if (/\(file_too_large\)\.?$/.test(body.trim()))
    return new UploadError(t`The file is larger than this workspace allows.`, false)
  if (status === 415) return new UploadError(t`The server refuses files of this type.`, false)
  if (status === 403 || /row-level security/i.test(body)) {
    return new UploadError(target.refused, false)
  }
  if (status === 0) return new UploadError(t`The network dropped during the upload.`, true)
  return new UploadError(body.trim() || t`Upload failed (${status}).`, status >= 500)
}
