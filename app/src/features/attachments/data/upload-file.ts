// Uploads one file to Storage with progress and cancel. supabase-js's upload() uses fetch, which
// reports no upload progress, so this sends the same request storage-js sends (POST
// /storage/v1/object/<bucket>/<path>, multipart, the user's bearer token) with XMLHttpRequest.
import { t } from '@lingui/core/macro'
import { runtimeConfig, storage, supabase } from '../../../lib/supabase.ts'
import { ATTACHMENT_BUCKET } from './rules.ts'
import { UploadError } from './upload-error.ts'
import type { UploadHandle } from './upload-error.ts'

export function uploadFile(
  path: string,
  file: File,
  onProgress: (fraction: number) => void
): UploadHandle {
  const xhr = new XMLHttpRequest()
  let cancelled = false
  const promise = (async () => {
    const { data } = await supabase().auth.getSession()
    const token = data.session?.access_token
    if (!token) throw new UploadError(t`Your session expired. Sign in again to upload.`, false)
    if (cancelled) throw new UploadError(t`Upload cancelled.`, false, true)
    const { supabaseUrl, supabaseKey } = runtimeConfig()
    const body = new FormData()
    body.append('cacheControl', '3600')
    body.append('', file)
    const encoded = path.split('/').map(encodeURIComponent).join('/')
    await new Promise<void>((resolve, reject) => {
      xhr.open('POST', `${supabaseUrl}/storage/v1/object/${ATTACHMENT_BUCKET}/${encoded}`)
      // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header's value
      xhr.setRequestHeader('authorization', `Bearer ${token}`)
      xhr.setRequestHeader('apikey', supabaseKey)
      xhr.setRequestHeader('x-upsert', 'false')
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total)
      }
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1)
          resolve()
        } else reject(new UploadError(storageMessage(xhr), xhr.status >= 500))
      }
      xhr.onerror = () => reject(new UploadError(t`The network dropped during the upload.`, true))
      xhr.onabort = () => reject(new UploadError(t`Upload cancelled.`, false, true))
      xhr.send(body)
    })
  })()
  return {
    promise,
    cancel() {
      cancelled = true
      xhr.abort()
    },
  }
}

function storageMessage(xhr: XMLHttpRequest): string {
  const status = xhr.status
  try {
    const body = JSON.parse(xhr.responseText) as {
      message?: string
      error?: string
      code?: string
      statusCode?: string
    }
    // Storage's codes, never its wording; a Chorus refusal that Storage passes on names its code
    // at the end of the message (the workspace's limit: supabase/README.md, Storage).
    if (/\(file_too_large\)\.?$/.test(body.message ?? ''))
      return t`The file is larger than this workspace allows.`
    if (body.code === 'EntityTooLarge' || body.statusCode === '413' || xhr.status === 413)
      return t`The file is larger than the server allows.`
    if (body.code === 'InvalidMimeType') return t`The server refuses files of this type.`
    if (body.code === 'AccessDenied' || body.statusCode === '403') {
      return t`You cannot upload files to this channel.`
    }
    return body.message || body.error || t`Upload failed (${status}).`
  } catch {
    return t`Upload failed (${status}).`
  }
}

/** Deletes an uploaded file whose message was never sent (the bucket's policy allows only that). */
export async function removeUnsent(path: string): Promise<void> {
  const { error } = await (await storage()).from(ATTACHMENT_BUCKET).remove([path])
  if (error) throw error
}
