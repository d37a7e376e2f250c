// Attachments' limits and how their sizes read, which the messages shown need; what may be
// attached is checked by accept-files.ts, loaded with the first file attached.

export const ATTACHMENT_BUCKET = 'attachments'
// 50 MB (SI, as every size is written: lib/sizes.ts), under the bucket's limit and the stack's
// [storage] file_size_limit (50 MiB), so the limit reads as it is; over 6 MiB files upload
// resumably.
export const MAX_FILE_BYTES = 50_000_000
export const MAX_FILES_PER_MESSAGE = 10
/** Supabase's rule: resumable above 6 MB, in chunks of exactly 6 MB (resumable-upload.ts). */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024
export const RESUMABLE_CHUNK = 6 * 1024 * 1024

const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])

export function isPreviewable(mime: string): boolean {
  return PREVIEWABLE.has(mime)
}
