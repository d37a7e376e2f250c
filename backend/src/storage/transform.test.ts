import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  decodeTransformation,
  encodeTransformation,
  parseTransformation,
  renderImage,
  signedTransformation,
} from './transform.ts'

describe('parseTransformation', () => {
  it('reads query strings and bodies alike, dropping zero sizes', () => {
    expect(
      parseTransformation(
        { width: '100', height: 0, resize: 'contain', quality: '50', format: 'origin' },
        'q'
      )
    ).toEqual({
      width: 100,
      resize: 'contain',
      quality: 50,
      format: 'origin',
    })
    expect(parseTransformation({}, 'q')).toEqual({})
  })

  it.each([
    [{ width: 2501 }, 'q/width must be <= 2500'],
    [{ height: 1.5 }, 'q/height must be integer'],
    [{ quality: 101 }, 'q/quality must be <= 100'],
    [{ resize: 'stretch' }, 'q/resize must be equal to one of the allowed values'],
    [{ format: 'png' }, 'q/format must be equal to one of the allowed values'],
  ])('refuses %j', (input, message) => {
    expect(() => parseTransformation(input, 'q')).toThrow(message)
  })

  it('round-trips through the text a signed URL token carries', () => {
    const t = { width: 10, height: 20, resize: 'fill', quality: 70, format: 'webp' } as const
    expect(decodeTransformation(signedTransformation(t))).toEqual(t)
    expect(decodeTransformation(encodeTransformation(t))).toEqual(t)
    expect(decodeTransformation('')).toEqual({})
  })

  it("writes the token's text as Storage signs it: the resize as asked, format origin left out", () => {
    expect(signedTransformation({ width: 200, height: 200, resize: 'cover', quality: 60 })).toBe(
      'height:200,width:200,resize:cover,quality:60'
    )
    expect(signedTransformation({ width: 50, format: 'origin' })).toBe('width:50,resize:undefined')
    expect(signedTransformation({ quality: 50, format: 'avif' })).toBe('quality:50,format:avif')
    expect(signedTransformation({ format: 'origin' })).toBe('')
    // "resize:undefined" (and any resize Storage does not know) renders as the default, cover.
    expect(decodeTransformation('width:50,resize:undefined')).toEqual({ width: 50 })
    expect(decodeTransformation('width:50,resize:auto')).toEqual({ width: 50 })
  })

  it("names what was applied in imgproxy's words: its resizing types, cover by default", () => {
    expect(encodeTransformation({ width: 200, height: 200, resize: 'cover', quality: 60 })).toBe(
      'height:200,width:200,resizing_type:fill,quality:60'
    )
    expect(encodeTransformation({ width: 50, resize: 'contain', format: 'origin' })).toBe(
      'width:50,resizing_type:fit'
    )
    expect(encodeTransformation({ height: 5 })).toBe('height:5,resizing_type:fill')
    expect(decodeTransformation('height:200,width:200,resizing_type:fill,quality:60')).toEqual({
      width: 200,
      height: 200,
      resize: 'cover',
      quality: 60,
    })
    expect(decodeTransformation('width:9,resizing_type:force')).toEqual({
      width: 9,
      resize: 'fill',
    })
    expect(decodeTransformation('width:9,resize:contain')).toEqual({ width: 9, resize: 'contain' })
  })
})

describe('renderImage', () => {
  it('negotiates the format only when none is asked for', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const auto = await renderImage(
      png,
      { width: 10 },
      { accept: 'image/webp,*/*', avifAutodetection: false }
    )
    expect(auto).toMatchObject({ mimetype: 'image/webp', negotiated: true })
    const origin = await renderImage(
      png,
      { width: 10, format: 'origin' },
      { accept: 'image/webp', avifAutodetection: false }
    )
    expect(origin).toMatchObject({ mimetype: 'image/png', negotiated: false })
    expect((await sharp(origin.data).metadata()).width).toBe(10)
  })

  it('keeps an animated GIF animated, every frame resized (custom emoji)', async () => {
    // three frames of different colours, stacked as sharp reads an animation
    const frame = (background: string) =>
      sharp({ create: { width: 300, height: 200, channels: 4, background } })
        .png()
        .toBuffer()
    const strip = await sharp({
      create: { width: 300, height: 600, channels: 4, background: '#000' },
    })
      .composite(
        await Promise.all(
          ['#f00', '#0f0', '#00f'].map(async (c, i) => ({
            input: await frame(c),
            top: i * 200,
            left: 0,
          }))
        )
      )
      .raw()
      .toBuffer()
    const gif = await sharp(strip, {
      raw: { width: 300, height: 600, channels: 4, pageHeight: 200 },
    })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer()
    for (const accept of ['image/webp', 'image/png']) {
      const out = await renderImage(
        gif,
        { width: 128, height: 128, resize: 'contain' },
        { accept, avifAutodetection: false }
      )
      const meta = await sharp(out.data, { animated: true }).metadata()
      expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual([
        accept === 'image/webp' ? 'webp' : 'gif',
        3,
        128,
        85,
      ])
    }
  })
})
