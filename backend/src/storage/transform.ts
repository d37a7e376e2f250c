// Image transformation as Storage's /render/image routes do it (imgproxy there, sharp here):
// width and height (1-2500; one of them keeps the aspect ratio), resize cover (crop to fill),
// contain (fit inside) or fill (stretch), quality 20-100 (default 80), and the format: "origin"
// keeps the source's, webp/avif are explicit, and without one the client's Accept picks WebP
// (AVIF when the bucket has avif_autodetection). Sources over 25 MB or 50 megapixels are refused,
// as on hosted projects; images are never enlarged. An animated GIF or WebP stays animated (every
// frame resized), as imgproxy keeps it.
import { ERRORS } from './errors.ts'

export interface Transformation {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  quality?: number
  format?: 'origin' | 'avif' | 'webp'
}

export const MAX_DIMENSION = 2500
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024
const MAX_SOURCE_PIXELS = 50_000_000
const RESIZE = ['cover', 'contain', 'fill'] as const
const FORMATS = ['origin', 'avif', 'webp'] as const

/** Reads the options from a query string or a signed-URL body, refusing bad values. */
export function parseTransformation(input: Record<string, unknown>, where: string): Transformation {
  const result: Transformation = {}
  for (const key of ['width', 'height'] as const) {
    const value = integer(input[key], `${where}/${key}`)
    if (value === undefined || value === 0) continue
    if (value < 0) throw ERRORS.validation(`${where}/${key} must be >= 0`)
    if (value > MAX_DIMENSION)
      throw ERRORS.validation(`${where}/${key} must be <= ${MAX_DIMENSION}`)
    result[key] = value
  }
  const quality = integer(input.quality, `${where}/quality`)
  if (quality !== undefined) {
    if (quality < 20 || quality > 100) {
      throw ERRORS.validation(`${where}/quality must be ${quality < 20 ? '>= 20' : '<= 100'}`)
    }
    result.quality = quality
  }
  const resize = input.resize
  if (resize !== undefined && resize !== '') {
    if (!RESIZE.includes(resize as never)) {
      throw ERRORS.validation(`${where}/resize must be equal to one of the allowed values`)
    }
    result.resize = resize as Transformation['resize']
  }
  const format = input.format
  if (format !== undefined && format !== '') {
    if (!FORMATS.includes(format as never)) {
      throw ERRORS.validation(`${where}/format must be equal to one of the allowed values`)
    }
    result.format = format as Transformation['format']
  }
  return result
}

/** imgproxy's resizing types, which Storage writes into signed URL tokens. */
const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const

/**
 * The options as a signed URL's token carries them, in Storage's (imgproxy's) words and order:
 * "height:200,width:200,resizing_type:fill,quality:60". The resizing type is written whenever a
 * size is (cover, the default, is "fill"); format "origin" is not written.
 */
export function encodeTransformation(t: Transformation): string {
  const segments: string[] = []
  if (t.height) segments.push(`height:${t.height}`)
  if (t.width) segments.push(`width:${t.width}`)
  if (t.width || t.height) segments.push(`resizing_type:${RESIZING_TYPES[t.resize ?? 'cover']}`)
  if (t.quality) segments.push(`quality:${t.quality}`)
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`)
  return segments.join(',')
}

/**
 * The options as Storage writes them into a signed URL's token (ImageRenderer's "keep original"
 * form): "height:200,width:200,resize:cover,quality:60", the resize as it was asked for, and
 * "resize:undefined" when it was not. Format "origin" is not written here: the token's own
 * `format` claim carries it.
 */
export function signedTransformation(t: Transformation): string {
  const segments: string[] = []
  if (t.height) segments.push(`height:${t.height}`)
  if (t.width) segments.push(`width:${t.width}`)
  if (t.width || t.height) segments.push(`resize:${t.resize}`)
  if (t.quality) segments.push(`quality:${t.quality}`)
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`)
  return segments.join(',')
}

/**
 * Reads a token's options: Storage's "resize:<as asked>" (anything else than cover, contain or
 * fill, "undefined" included, is the default cover, as Storage renders it), or imgproxy's
 * resizing_type, which tokens signed by earlier versions of this server carry.
 */
export function decodeTransformation(text: string): Transformation {
  const input: Record<string, string> = {}
  for (const part of text.split(',')) {
    const at = part.indexOf(':')
    if (at <= 0) continue
    const name = part.slice(0, at)
    const value = part.slice(at + 1)
    if (name === 'resizing_type') {
      const resize = Object.entries(RESIZING_TYPES).find(([, type]) => type === value)?.[0]
      input.resize = resize ?? value
    } else if (name === 'resize') {
      if (RESIZE.includes(value as never)) input.resize = value
    } else {
      input[name] = value
    }
  }
  return parseTransformation(input, 'token')
}

export interface Rendered {
  data: Buffer
  mimetype: string
  /** The output depends on the Accept header (no explicit format). */
  negotiated: boolean
}

/** Transforms an image held in memory (sources are at most MAX_SOURCE_BYTES). */
export async function renderImage(
  source: Buffer,
  t: Transformation,
  client: { accept: string; avifAutodetection: boolean }
): Promise<Rendered> {
  try {
    const { default: sharp } = await import('sharp')
    // every frame of an animated GIF or WebP, as imgproxy keeps the animation (custom emoji)
    const image = sharp(source, {
      limitInputPixels: MAX_SOURCE_PIXELS,
      failOn: 'error',
      animated: true,
    })
    const info = await image.metadata()
    let pipeline = image.rotate()
    if (t.width !== undefined || t.height !== undefined) {
      pipeline = pipeline.resize({
        width: t.width,
        height: t.height,
        fit: t.resize === 'contain' ? 'inside' : t.resize === 'fill' ? 'fill' : 'cover',
        withoutEnlargement: true,
      })
    }
    const quality = t.quality ?? 80
    const target = outputFormat(t.format, info.format, client)
    const output = await pipeline.toFormat(target.format, { quality }).toBuffer()
    return { data: output, mimetype: target.mimetype, negotiated: t.format === undefined }
  } catch (error) {
    throw ERRORS.imageProcessing(`Unable to transform the image: ${(error as Error).message}`)
  }
}

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'

function outputFormat(
  requested: Transformation['format'],
  source: string | undefined,
  client: { accept: string; avifAutodetection: boolean }
): { format: OutputFormat; mimetype: string } {
  if (requested === 'webp') return { format: 'webp', mimetype: 'image/webp' }
  if (requested === 'avif') return { format: 'avif', mimetype: 'image/avif' }
  if (requested === undefined) {
    if (client.avifAutodetection && /image\/avif/i.test(client.accept)) {
      return { format: 'avif', mimetype: 'image/avif' }
    }
    if (/image\/webp/i.test(client.accept)) return { format: 'webp', mimetype: 'image/webp' }
  }
  switch (source) {
    case 'jpeg':
    case 'jpg':
      return { format: 'jpeg', mimetype: 'image/jpeg' }
    case 'webp':
      return { format: 'webp', mimetype: 'image/webp' }
    case 'gif':
      return { format: 'gif', mimetype: 'image/gif' }
    case 'avif':
    case 'heif':
      return { format: 'avif', mimetype: 'image/avif' }
    case 'tiff':
      return { format: 'tiff', mimetype: 'image/tiff' }
    default:
      // PNG, and formats sharp reads but should not write back as is (SVG, …).
      return { format: 'png', mimetype: 'image/png' }
  }
}

function integer(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isInteger(number)) throw ERRORS.validation(`${path} must be integer`)
  return number
}
