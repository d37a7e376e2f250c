// What may be attached, checked as files are attached, before any byte is sent (the
// `attachments` bucket enforces the same size and types): a chunk of its own, loaded after the
// first screen (use-uploads.ts), with the draft uploads it makes of the files accepted.
import { t } from '@lingui/core/macro'
import { newId } from '../../../lib/uuid.ts'
import { formatSize } from '../../../lib/sizes.ts'
import {
  isPreviewable,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  RESUMABLE_THRESHOLD,
} from './rules.ts'
import type { DraftUpload } from './upload-types.ts'

// The same list as the bucket's allowed_mime_types (supabase/migrations/*_chorus_attachments.sql).
const ALLOWED_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/heic',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
])

export function mimeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase()
  return 'application/octet-stream'
}

export function checkFile(file: { type: string; name: string; size: number }): string | null {
  const mime = mimeOf(file)
  const name = file.name
  if (file.size === 0) return t`${name} is empty.`
  if (file.size > MAX_FILE_BYTES) {
    const size = formatSize(file.size)
    const max = formatSize(MAX_FILE_BYTES)
    return t`${name} is ${size}; files can be at most ${max}.`
  }
  if (mime === 'image/svg+xml' || mime === 'text/html' || /\.(html?|svg|xhtml)$/i.test(file.name)) {
    return t`${name}: web pages and SVG images cannot be shared here (they can run scripts). Zip it first.`
  }
  if (!ALLOWED_TYPES.has(mime)) {
    return mime === 'application/octet-stream'
      ? t`${name}: this type of file cannot be shared here. Images, PDFs, text, office documents, audio, video and zip files can.`
      : t`${name}: this type of file (${mime}) cannot be shared here. Images, PDFs, text, office documents, audio, video and zip files can.`
  }
  return null
}

/** Where a message's files go: `<workspace>/<channel>/<message>/`. */
export interface UploadPlace {
  workspaceId: string
  channelId: string
  messageId: string
}

/** The files accepted, as draft uploads, and the problems of the ones refused. */
export interface Accepted {
  accepted: DraftUpload[]
  problems: string[]
}

/**
 * The files that may be attached as draft uploads (at most `room` of them), and the problems of
 * the ones refused (size, type, count).
 */
export async function acceptFiles(
  files: File[],
  room: number,
  place: UploadPlace
): Promise<Accepted> {
  const problems: string[] = []
  const accepted: DraftUpload[] = []
  for (const file of files) {
    const problem = checkFile(file)
    if (problem) {
      problems.push(problem)
      continue
    }
    if (room <= 0) {
      const max = MAX_FILES_PER_MESSAGE
      const name = file.name
      problems.push(t`At most ${max} files per message; ${name} was not added.`)
      continue
    }
    room -= 1
    const id = newId()
    const mime = mimeOf(file)
    const size = isPreviewable(mime) ? await imageSize(file) : null
    const { workspaceId, channelId, messageId } = place
    accepted.push({
      id,
      file,
      name: file.name || 'pasted-file',
      size: file.size,
      mime,
      path: `${workspaceId}/${channelId}/${messageId}/${id}-${safeFileName(file.name || 'pasted')}`,
      progress: 0,
      state: 'uploading',
      resumable: file.size > RESUMABLE_THRESHOLD,
      error: null,
      width: size?.width ?? null,
      height: size?.height ?? null,
      previewUrl: isPreviewable(mime) ? URL.createObjectURL(file) : null,
    })
  }
  return { accepted, problems }
}

/** A storage-safe file name that still reads like the original. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\?%*:|"<>#]/g, '-')
    .replace(/\p{Cc}/gu, '-')
    .replace(/^\.+/, '')
    .trim()
    .slice(-120)
  return cleaned || 'file'
}

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return null
  }
}
