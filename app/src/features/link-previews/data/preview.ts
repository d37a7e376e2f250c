// A link preview as the app shows it (pure; the row is public.link_previews).

/** Whether a body may have previews (the server decides which of its links get one). */
export const hasLink = (body: string) => /https?:\/\//i.test(body)

export interface LinkPreview {
  id: string
  messageId: string
  position: number
  url: string
  status: 'pending' | 'fetching' | 'ready' | 'failed'
  title: string | null
  description: string | null
  siteName: string | null
  imagePath: string | null
  imageWidth: number | null
  imageHeight: number | null
  removed: boolean
}

/** An http(s) URL to link to, or null (a card never links anywhere else). */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** The previews a message shows: ready, not removed, with something to show, in link order. */
export function shownPreviews(previews: readonly LinkPreview[] | undefined): LinkPreview[] {
  return (previews ?? [])
    .filter((p) => p.status === 'ready' && !p.removed && (p.title || p.description))
    .sort((a, b) => a.position - b.position)
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const count = (value: unknown) => (typeof value === 'number' ? value : null)

/** A row of link_previews (from REST or a live event), or null if it is not one. */
export function previewOf(row: Record<string, unknown>): LinkPreview | null {
  const { id, message_id, url, status, position } = row
  if (typeof id !== 'string' || typeof message_id !== 'string' || typeof url !== 'string') {
    return null
  }
  if (status !== 'pending' && status !== 'fetching' && status !== 'ready' && status !== 'failed') {
    return null
  }
  return {
    id,
    messageId: message_id,
    position: typeof position === 'number' ? position : 1,
    url,
    status,
    title: text(row.title),
    description: text(row.description),
    siteName: text(row.site_name),
    imagePath: text(row.image_path),
    imageWidth: count(row.image_width),
    imageHeight: count(row.image_height),
    removed: row.removed_by_author === true,
  }
}
