// What may be attached. The `attachments` bucket enforces the same size and types; checking here
// gives the clear message before any byte is sent.
export const ATTACHMENT_BUCKET = 'attachments'
export const MAX_FILE_BYTES = 25 * 1024 * 1024
export const MAX_FILES_PER_MESSAGE = 10

const ALLOWED_PREFIXES = ['image/', 'video/', 'audio/', 'text/']
const ALLOWED_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/json',
  'application/gzip',
  'application/x-tar',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/octet-stream',
])
// Files a browser could run if opened from our origin are refused whatever their name says.
const REFUSED_TYPES = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/javascript',
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
  if (REFUSED_TYPES.has(mime) || /\.(html?|svg|xhtml|js|mjs)$/i.test(file.name)) {
    return `${file.name}: web pages, scripts and SVG files cannot be shared here. Zip it first.`
  }
  if (!ALLOWED_TYPES.has(mime) && !ALLOWED_PREFIXES.some((p) => mime.startsWith(p))) {
    return `${file.name}: files of type ${mime} cannot be shared here.`
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
