// @vitest-environment node
/// <reference types="node" />
// The icons that install Chorus (public/icons/, written by app-icons.ts from icons/chorus.svg)
// are the ones the manifest and index.html name, at the sizes they declare, and drawn as each
// platform crops them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ICON_VARIANTS, OUT_DIR, SOURCE, variantSvg } from './app-icons.ts'

const APP = path.join(import.meta.dirname, '..')

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

const manifest = JSON.parse(
  readFileSync(path.join(APP, 'public/manifest.webmanifest'), 'utf8')
) as { icons: ManifestIcon[] }
const indexHtml = readFileSync(path.join(APP, 'index.html'), 'utf8')

/** Width and height from a PNG's header (its IHDR chunk). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** The RGBA pixels of a committed icon. */
async function pixels(file: string) {
  const { data, info } = await sharp(path.join(OUT_DIR, file))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ]
}

describe('the app icons', () => {
  it('are the PNGs the manifest and index.html name, at the sizes they declare', () => {
    const named = [
      ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes, type: icon.type })),
      {
        src: /<link rel="apple-touch-icon" href="([^"]+)"/.exec(indexHtml)?.[1],
        sizes: '180x180',
        type: 'image/png',
      },
    ]
    expect(named.map((icon) => icon.src).sort()).toEqual(
      ICON_VARIANTS.map((v) => `/icons/${v.file}`).sort()
    )
    for (const icon of named) {
      const { width, height } = pngSize(path.join(APP, 'public', icon.src!))
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes)
      expect(icon.type).toBe('image/png')
    }
    expect(manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual([
      '512x512',
    ])
  })

  it('a maskable icon keeps its glyph inside the safe zone, the tile to the edges', async () => {
    const at = await pixels('icon-maskable-512.png')
    const tile = at(0, 0)
    expect(tile[3]).toBe(255)
    // Everything outside the central circle of 80 % of the width is the tile alone.
    for (let y = 0; y < 512; y += 4) {
      for (let x = 0; x < 512; x += 4) {
        if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) > 0.4 * 512) expect(at(x, y)).toEqual(tile)
      }
    }
    // And the glyph is there: white inside.
    expect(at(256, 180)).toEqual([255, 255, 255, 255])
  })

  it('"any" icons are rounded (transparent corners); Apple\'s is opaque to its corners', async () => {
    expect((await pixels('icon-512.png'))(2, 2)[3]).toBe(0)
    expect((await pixels('icon-192.png'))(1, 1)[3]).toBe(0)
    expect((await pixels('apple-touch-icon.png'))(0, 0)[3]).toBe(255)
  })

  it('are drawn from the one SVG source', () => {
    const source = readFileSync(SOURCE, 'utf8')
    const maskable = variantSvg(
      source,
      ICON_VARIANTS.find((v) => !v.rounded && v.glyphScale < 1)!
    )
    expect(maskable).not.toMatch(/rx=/)
    expect(maskable).toContain('scale(0.8)')
    expect(variantSvg(source, ICON_VARIANTS[0]!)).toContain('rx="112"')
  })
})
