/// <reference types="node" />
// Writes the app's PNG icons (public/icons/) from its one SVG source (icons/chorus.svg) with
// sharp: the manifest's icons (public/manifest.webmanifest) and Apple's touch icon (index.html).
// The PNGs are committed; run this again when the SVG changes.   npm run -w app app-icons
// sharp is the repository's (a dependency of backend/, installed at the root's node_modules).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SOURCE = path.join(APP, 'icons/chorus.svg')
export const OUT_DIR = path.join(APP, 'public/icons')

export interface IconVariant {
  file: string
  size: number
  /** The tile's corners rounded as drawn (transparent outside), or the tile to the edges. */
  rounded: boolean
  /** The glyph's scale around the centre: below 1 leaves a maskable icon's safe-zone padding. */
  glyphScale: number
}

export const ICON_VARIANTS: IconVariant[] = [
  // The manifest's "any" icons: what desktops and launchers that do not mask show as drawn.
  { file: 'icon-192.png', size: 192, rounded: true, glyphScale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, glyphScale: 1 },
  // "maskable": Android crops it to its own shape (circle, squircle), keeping at least the
  // central circle of 80 % of the width: the tile fills the square, the glyph is drawn smaller.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, glyphScale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black: the tile to the edges.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, glyphScale: 1 },
]

/** The source SVG made into a variant: the tile's corner radius and the glyph's scale. */
export function variantSvg(source: string, variant: IconVariant): string {
  const tile = /<rect id="tile"[^>]*\/>/.exec(source)
  const glyph = /<g id="glyph">[\s\S]*?<\/g>/.exec(source)
  if (!tile || !glyph) throw new Error(`${SOURCE} lost its #tile rect or its #glyph group`)
  const newTile = variant.rounded ? tile[0] : tile[0].replace(/\s+rx="[^"]*"/, '')
  const s = variant.glyphScale
  const newGlyph =
    s === 1
      ? glyph[0]
      : glyph[0].replace(
          '<g id="glyph">',
          `<g id="glyph" transform="translate(256 256) scale(${s}) translate(-256 -256)">`
        )
  return source
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(tile[0], newTile)
    .replace(glyph[0], newGlyph)
}

export async function writeIcons(): Promise<string[]> {
  const source = readFileSync(SOURCE, 'utf8')
  mkdirSync(OUT_DIR, { recursive: true })
  const written: string[] = []
  for (const variant of ICON_VARIANTS) {
    const svg = Buffer.from(variantSvg(source, variant))
    // Drawn at the target size (the SVG is 512 units: density scales it), not a bitmap resized.
    const png = await sharp(svg, { density: (72 * variant.size) / 512 })
      .resize(variant.size, variant.size)
      .png({ compressionLevel: 9 })
      .toBuffer()
    writeFileSync(path.join(OUT_DIR, variant.file), png)
    written.push(`public/icons/${variant.file} (${variant.size}x${variant.size}, ${png.length} B)`)
  }
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await writeIcons()) console.log(line)
}
