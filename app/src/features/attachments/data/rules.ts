// What may be attached. The `attachments` bucket enforces the same size and types; checking here
// gives the clear message before any byte is sent.
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
  if (file.size === 0) return `${file.name} is empty.`
  if (file.size > MAX_FILE_BYTES) {
    return `${file.name} is ${formatBytes(file.size)}; files can be at most ${formatBytes(MAX_FILE_BYTES)}.`
  }
  if (mime === 'image/svg+xml' || mime === 'text/html' || /\.(html?|svg|xhtml)$/i.test(file.name)) {
    return `${file.name}: web pages and SVG images cannot be shared here (they can run scripts). Zip it first.`
  }
  if (!ALLOWED_TYPES.has(mime)) {
    return `${file.name}: this type of file${mime === 'application/octet-stream' ? '' : ` (${mime})`} cannot be shared here. Images, PDFs, text, office documents, audio, video and zip files can.`
  }
  return null
}

export function isPreviewable(mime: string): boolean {
  return PREVIEWABLE.has(mime)
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`
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
