// What may be attached. The `attachments` bucket enforces the same size and types; checking here
// gives the clear message before any byte is sent.
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'

export const ATTACHMENT_BUCKET = 'attachments'
// 50 MiB: the bucket's limit and the stack's [storage] file_size_limit; over 6 MB files upload
// resumably.
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_FILES_PER_MESSAGE = 10
/** Supabase's rule: resumable above 6 MB, in chunks of exactly 6 MB (resumable-upload.ts). */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024
export const RESUMABLE_CHUNK = 6 * 1024 * 1024

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
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])

export function mimeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase()
  return 'application/octet-stream'
}

export function checkFile(file: { type: string; name: string; size: number }): string | null {
  const mime = mimeOf(file)
  const name = file.name
  if (file.size === 0) return t`${name} is empty.`
  if (file.size > MAX_FILE_BYTES) {
    const size = formatBytes(file.size)
    const max = formatBytes(MAX_FILE_BYTES)
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

export function isPreviewable(mime: string): boolean {
  return PREVIEWABLE.has(mime)
}

/** "1.5 KB", the number as the app's language writes it (the units are the same in all). */
export function formatBytes(bytes: number): string {
  const number = new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 1 })
  if (bytes < 1024) return `${number.format(bytes)} B`
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`
  return `${number.format(bytes / 1024 / 1024)} MB`
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
