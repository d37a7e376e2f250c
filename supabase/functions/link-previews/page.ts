// What a page says about itself, for its preview: Open Graph (og:title, og:description,
// og:site_name, og:image), then Twitter's cards, then <title> and <meta name=description>, read
// with htmlparser2 (entities decoded). Every text is cleaned: control and invisible formatting
// characters dropped, whitespace collapsed, trimmed, capped. The image only as an absolute
// http(s) URL (resolved against the page's <base> or URL). Pure.
import { Parser } from 'htmlparser2'

export interface PageMeta {
  title: string | null
  description: string | null
  siteName: string | null
  image: string | null
}

export const LIMITS = { title: 200, description: 500, siteName: 100 }

/** Text as the card shows it: no control or invisible characters, one space, capped. */
export function cleanText(value: string | undefined, max: number): string | null {
  if (value === undefined) return null
  const text = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text === '') return null
  const chars = Array.from(text)
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}

function absoluteHttp(value: string | undefined, base: string): string | null {
  if (!value) return null
  try {
    const url = new URL(value.trim(), base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password || url.href.length > 2048) return null
    return url.href
  } catch {
    return null
  }
}

/** The charset a page declares in its first bytes (<meta charset> or http-equiv), if any. */
export function declaredCharset(head: Uint8Array): string | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 2048))
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(text)
  return match?.[1]?.toLowerCase() ?? null
}

/** The page's text: the charset of Content-Type, else of the page, else UTF-8. */
export function decodePage(body: Uint8Array, contentType: string): string {
  const fromHeader = /charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(contentType)?.[1]
  for (const label of [fromHeader, declaredCharset(body), 'utf-8']) {
    if (!label) continue
    try {
      return new TextDecoder(label).decode(body)
    } catch {
      // an unknown label: the next one
    }
  }
  return new TextDecoder().decode(body)
}

export function parsePage(html: string, pageUrl: string): PageMeta {
  const meta = new Map<string, string>()
  let title = ''
  let inTitle = false
  let titleSeen = false
  let base: string | undefined
  let depthInSvg = 0
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg') depthInSvg++
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').trim().toLowerCase()
          if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content)
        } else if (name === 'title' && !titleSeen && depthInSvg === 0) {
          inTitle = true
        } else if (name === 'base' && base === undefined && attrs.href) {
          base = attrs.href
        }
      },
      ontext(text) {
        if (inTitle) title += text
      },
      onclosetag(name) {
        if (name === 'svg' && depthInSvg > 0) depthInSvg--
        if (name === 'title' && inTitle) {
          inTitle = false
          titleSeen = true
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
  )
  parser.write(html)
  parser.end()
  const first = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v?.trim())
  const baseUrl = absoluteHttp(base, pageUrl) ?? pageUrl
  return {
    title: cleanText(
      first('og:title', 'twitter:title') ?? (titleSeen ? title : undefined),
      LIMITS.title
    ),
    description: cleanText(
      first('og:description', 'twitter:description', 'description'),
      LIMITS.description
    ),
    siteName: cleanText(first('og:site_name', 'application-name'), LIMITS.siteName),
    image: absoluteHttp(
      first(
        'og:image',
        'og:image:url',
        'og:image:secure_url',
        'twitter:image',
        'twitter:image:src'
      ),
      baseUrl
    ),
  }
}
