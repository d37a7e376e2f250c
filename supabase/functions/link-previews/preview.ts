// One message's previews (see *_chorus_link_previews.sql): its links (links.ts), the rows claimed
// for them, each page fetched through safe-fetch (at most 3 redirects, 5 s, 1 MiB of text/html),
// read (page.ts), its image fetched the same way (image/* only, 5 MiB), checked by its bytes
// (image.ts) and kept in Storage, and the row written `ready` or `failed` with why. The store
// (the database and Storage) is passed in, so this runs the same under the function and in tests.
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'
import { sniffImage } from './image.ts'
import { previewLinks } from './links.ts'
import { decodePage, parsePage } from './page.ts'

export interface ClaimedRow {
  id: string
  channel_id: string
  url: string
}

export interface PreviewFields {
  status: 'ready' | 'failed'
  title: string | null
  description: string | null
  site_name: string | null
  image_path: string | null
  image_width: number | null
  image_height: number | null
  error: string | null
}

export interface PreviewStore {
  /** The message (with the service key), or null if there is none. */
  message(id: string): Promise<{ id: string; body: string; deleted_at: string | null } | null>
  /** claim_link_previews(): the rows to fetch now. */
  claim(messageId: string, urls: string[]): Promise<ClaimedRow[]>
  /** Puts the image into the bucket `link-previews` (replacing one of the same path). */
  upload(path: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** Writes a claimed row's outcome (unless it was removed or deleted meanwhile). */
  save(id: string, fields: PreviewFields): Promise<void>
}

export const PAGE_BYTES = 1024 * 1024
export const IMAGE_BYTES = 5 * 1024 * 1024
const TIMEOUT_MS = 5000
const USER_AGENT = 'Mozilla/5.0 (compatible; ChorusLinkPreview/1.0)'

const isHtml = (type: string) => /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(type)
const isImage = (type: string) => /^\s*image\//i.test(type)

const failed = (error: string): PreviewFields => ({
  status: 'failed',
  title: null,
  description: null,
  site_name: null,
  image_path: null,
  image_width: null,
  image_height: null,
  error,
})

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The image kept in Storage: its path and size, or null (no image on the card). */
async function keepImage(
  imageUrl: string,
  channelId: string,
  store: PreviewStore
): Promise<{ path: string; width: number; height: number } | null> {
  try {
    const response = await safeFetch(imageUrl, {
      maxRedirects: 3,
      timeoutMs: TIMEOUT_MS,
      maxBytes: IMAGE_BYTES,
      accept: isImage,
      headers: { 'user-agent': USER_AGENT, accept: 'image/avif,image/webp,image/*;q=0.8' },
    })
    if (response.status < 200 || response.status > 299) return null
    const info = sniffImage(response.body)
    if (!info) return null
    const path = `${channelId}/${await sha256Hex(imageUrl)}.${info.ext}`
    await store.upload(path, response.body, info.type)
    return { path, width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof OutboundError) return null
    throw error
  }
}

/** One link's preview (never throws for what the site does: that is a `failed` row). */
export async function previewOf(
  url: string,
  channelId: string,
  store: PreviewStore
): Promise<PreviewFields> {
  let page
  try {
    page = await safeFetch(url, {
      maxRedirects: 3,
      timeoutMs: TIMEOUT_MS,
      maxBytes: PAGE_BYTES,
      accept: isHtml,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9' },
    })
  } catch (error) {
    if (error instanceof OutboundError) return failed(error.code)
    throw error
  }
  if (page.status < 200 || page.status > 299) return failed(`http_${page.status}`)
  const type = page.headers.get('content-type') ?? ''
  if (!isHtml(type)) return failed('not_html')
  const meta = parsePage(decodePage(page.body, type), page.url)
  if (!meta.title && !meta.description) return failed('no_preview')
  const image = meta.image ? await keepImage(meta.image, channelId, store) : null
  return {
    status: 'ready',
    title: meta.title,
    description: meta.description,
    site_name: meta.siteName ?? new URL(page.url).hostname.replace(/^www\./, ''),
    image_path: image?.path ?? null,
    image_width: image?.width ?? null,
    image_height: image?.height ?? null,
    error: null,
  }
}

/** Brings a message's previews up to date; returns how many rows it fetched and how many are ready. */
export async function previewMessage(
  messageId: string,
  store: PreviewStore
): Promise<{ fetched: number; ready: number }> {
  const message = await store.message(messageId)
  if (!message) return { fetched: 0, ready: 0 }
  const urls = message.deleted_at ? [] : previewLinks(message.body)
  const rows = await store.claim(message.id, urls)
  const outcomes = await Promise.all(
    rows.map(async (row) => {
      const fields = await previewOf(row.url, row.channel_id, store).catch((error: unknown) => {
        console.error('link-previews: a preview failed', error)
        return failed('internal')
      })
      await store.save(row.id, fields)
      return fields.status
    })
  )
  return { fetched: rows.length, ready: outcomes.filter((s) => s === 'ready').length }
}
