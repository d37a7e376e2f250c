// Links open only with protocols that cannot run code or read local data.
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** The href to use for a link, or null when it must render as plain text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  // Strip control characters and whitespace browsers ignore inside a scheme (`java\tscript:`).
  const probe = [...trimmed].filter((ch) => !isIgnorable(ch.codePointAt(0)!)).join('')
  let url: URL
  try {
    url = new URL(probe)
  } catch {
    return null
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null
  return url.href
}

function isIgnorable(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f)
}
