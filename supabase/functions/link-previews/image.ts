// A preview image's type and size, read from its first bytes (never from what the server says):
// PNG, JPEG, GIF and WebP only; anything else (SVG, which can carry scripts, included) is not
// kept. Pure.

export interface ImageInfo {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  ext: 'png' | 'jpg' | 'gif' | 'webp'
  width: number
  height: number
}

const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length))

function size(width: number, height: number): { width: number; height: number } | null {
  return width >= 1 && height >= 1 && width <= 100000 && height <= 100000 ? { width, height } : null
}

function png(b: Uint8Array): ImageInfo | null {
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (b.length < 24 || !magic.every((x, i) => b[i] === x) || ascii(b, 12, 4) !== 'IHDR') return null
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  const s = size(view.getUint32(16), view.getUint32(20))
  return s && { type: 'image/png', ext: 'png', ...s }
}

function gif(b: Uint8Array): ImageInfo | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return null
  const s = size(b[6]! | (b[7]! << 8), b[8]! | (b[9]! << 8))
  return s && { type: 'image/gif', ext: 'gif', ...s }
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null
  const chunk = ascii(b, 12, 4)
  let s: { width: number; height: number } | null = null
  if (chunk === 'VP8 ') {
    s = size((b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff)
  } else if (chunk === 'VP8L' && b[20] === 0x2f) {
    const [b1, b2, b3, b4] = [b[21]!, b[22]!, b[23]!, b[24]!]
    s = size(1 + (b1 | ((b2 & 0x3f) << 8)), 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)))
  } else if (chunk === 'VP8X') {
    s = size(
      1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)),
      1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16))
    )
  }
  return s && { type: 'image/webp', ext: 'webp', ...s }
}

function jpeg(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]!
    if (marker === 0xff) {
      at++
      continue
    }
    const length = (b[at + 2]! << 8) | b[at + 3]!
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      const s = size((b[at + 7]! << 8) | b[at + 8]!, (b[at + 5]! << 8) | b[at + 6]!)
      return s && { type: 'image/jpeg', ext: 'jpg', ...s }
    }
    if (length < 2) return null
    at += 2 + length
  }
  return null
}

/** The image's type and size, or null if it is not a PNG, JPEG, GIF or WebP we can read. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes)
}
