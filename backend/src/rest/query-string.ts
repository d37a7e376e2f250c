// The raw query string as PostgREST reads it (http-types' parseQueryReplacePlus): pairs in order,
// separated by `&` or `;`, `+` meaning space, %XX decoded to bytes and then read as UTF-8. Repeated
// keys are kept (they are ANDed filters); a key without `=` has a null value.

export type QueryPair = [key: string, value: string | null]

export function parseQueryString(raw: string): QueryPair[] {
  const pairs: QueryPair[] = []
  if (raw === '') return pairs
  for (const part of raw.split(/[&;]/)) {
    if (part === '') continue
    const eq = part.indexOf('=')
    if (eq === -1) pairs.push([formDecode(part), null])
    else pairs.push([formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))])
  }
  return pairs
}

/** Decodes one form-encoded component; malformed escapes are kept as they are. */
export function formDecode(text: string): string {
  if (!/[%+]/.test(text)) return text
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x2b) {
      bytes.push(0x20)
    } else if (c === 0x25 && i + 2 < text.length && isHex(text, i + 1) && isHex(text, i + 2)) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else if (c < 0x80) {
      bytes.push(c)
    } else {
      // A raw non-ASCII character in the URL: keep its UTF-8 bytes.
      const char = String.fromCodePoint(text.codePointAt(i) ?? c)
      for (const b of Buffer.from(char, 'utf8')) bytes.push(b)
      i += char.length - 1
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function isHex(text: string, index: number): boolean {
  const c = text.charCodeAt(index)
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}

/** Form-encodes a component the way PostgREST renders canonical query strings. */
export function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+')
}

/** The parameters sorted by key and re-encoded, as PostgREST's Content-Location shows them. */
export function canonicalQuery(raw: string): string {
  return parseQueryString(raw)
    .filter((pair): pair is [string, string] => pair[1] !== null && pair[0] !== 'apikey')
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`)
    .join('&')
}
