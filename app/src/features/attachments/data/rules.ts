// Attachments' limits and how their sizes read, which the messages shown need; what may be
// attached is checked by accept-files.ts, loaded with the first file attached.
import { formatLocale } from '../../../lib/i18n.ts'

export const ATTACHMENT_BUCKET = 'attachments'
// 50 MiB: the bucket's limit and the stack's [storage] file_size_limit; over 6 MB files upload
// resumably.
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_FILES_PER_MESSAGE = 10
/** Supabase's rule: resumable above 6 MB, in chunks of exactly 6 MB (resumable-upload.ts). */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024
export const RESUMABLE_CHUNK = 6 * 1024 * 1024

const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])

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
