// Attachments' limits and how their sizes read, which the messages shown need; what may be
// attached is checked by accept-files.ts, loaded with the first file attached.

export const ATTACHMENT_BUCKET = 'attachments'
// A workspace's largest file until the app knows its own (workspaces.max_file_bytes, 50 MB
// unless its admins chose another; SI, as every size is written: lib/sizes.ts); over 6 MiB files
// upload resumably.
export const MAX_FILE_BYTES = 50_000_000
export const MAX_FILES_PER_MESSAGE = 10
/** Supabase's rule: resumable above 6 MB, in chunks of exactly 6 MB (resumable-upload.ts). */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024
export const RESUMABLE_CHUNK = 6 * 1024 * 1024

const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])

export function isPreviewable(mime: string): boolean {
  return PREVIEWABLE.has(mime)
}

/** Text files up to this size show as snippets (their first lines, then all of them). */
export const SNIPPET_MAX_BYTES = 1_000_000
const TEXT_NAME =
  /\.(txt|text|md|markdown|log|csv|tsv|json|ya?ml|toml|ini|cfg|conf|xml|html?|svg|s?css|[cm]?[jt]sx?|py|rb|go|rs|java|kts?|swift|[ch]|cc|cpp|cxx|hpp|cs|php|sh|bash|zsh|sql|diff|patch)$/i

/** A text file (by its type or name) shown as a snippet (snippet/TextSnippet.tsx). */
export const isSnippet = (file: { name: string; mime: string; size: number }) =>
  file.size > 0 &&
  file.size <= SNIPPET_MAX_BYTES &&
  (file.mime.startsWith('text/') || TEXT_NAME.test(file.name))
