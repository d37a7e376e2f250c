// The link-previews function's pure parts: which links of a message get previews (links.ts), what
// a page says about itself (page.ts: Open Graph, Twitter cards, <title>, entities, cleaning,
// caps, charsets) and an image's type and size from its bytes (image.ts).
import { describe, expect, it } from 'vitest'
import { sniffImage } from '../functions/link-previews/image.ts'
import { previewLinks } from '../functions/link-previews/links.ts'
import { cleanText, decodePage, LIMITS, parsePage } from '../functions/link-previews/page.ts'

describe('previewLinks', () => {
  it('takes the first three http(s) links, bare, autolinked or in [text](url), once each', () => {
    const body =
      'See https://a.example/one and <https://b.example/two>, [docs](http://c.example/three) ' +
      'then https://a.example/one again and https://d.example/four'
    expect(previewLinks(body)).toEqual([
      'https://a.example/one',
      'https://b.example/two',
      'http://c.example/three',
    ])
  })

  it('skips links in code spans and code blocks, images, other schemes and credentials', () => {
    const body = [
      '`https://span.example/`',
      '```',
      'https://block.example/',
      '```',
      '![pic](https://image.example/p.png) [mail](mailto:a@b.example) [js](javascript:alert(1))',
      'ftp://files.example/ https://user:pw@creds.example/',
      'and https://kept.example/page?q=1#top',
    ].join('\n')
    expect(previewLinks(body)).toEqual(['https://kept.example/page?q=1#top'])
  })

  it('finds nothing in a message without links, and copes with mentions and markup', () => {
    expect(previewLinks('hello <@11111111-2222-3333-4444-555555555555> **there**')).toEqual([])
    expect(previewLinks('> quoted https://q.example/\n- item https://l.example/')).toEqual([
      'https://q.example/',
      'https://l.example/',
    ])
  })
})

describe('parsePage', () => {
  const url = 'https://site.example/articles/1'

  it('reads Open Graph first, with entities decoded and relative images resolved', () => {
    const meta = parsePage(
      `<html><head><title>Plain title</title>
      <meta property="og:title" content="Caf&eacute; &amp; Bar &#x1F600;">
      <meta property="og:description" content="  Two
        lines  ">
      <meta property="og:site_name" content="Site">
      <meta property="og:image" content="/img/card.png">
      <meta name="twitter:title" content="Twitter title"></head><body></body></html>`,
      url
    )
    expect(meta).toEqual({
      title: 'Café & Bar 😀',
      description: 'Two lines',
      siteName: 'Site',
      image: 'https://site.example/img/card.png',
    })
  })

  it('falls back to Twitter cards, then <title> and <meta name=description>', () => {
    expect(
      parsePage(
        '<meta name="twitter:title" content="T"><meta name="twitter:image" content="https://cdn.example/i.jpg">',
        url
      )
    ).toMatchObject({ title: 'T', image: 'https://cdn.example/i.jpg' })
    expect(
      parsePage(
        '<head><TITLE>Only &lt;title&gt;</TITLE><META NAME="Description" CONTENT="desc"></head>' +
          '<body><svg><title>icon</title></svg></body>',
        url
      )
    ).toEqual({ title: 'Only <title>', description: 'desc', siteName: null, image: null })
  })

  it('keeps scripts and markup in fields as plain text, and drops images that are not http(s)', () => {
    const meta = parsePage(
      `<meta property="og:title" content="<script>alert(1)</script>">
       <meta property="og:image" content="javascript:alert(1)">
       <title>x</title><script>document.title = 'no'</script>`,
      url
    )
    expect(meta.title).toBe('<script>alert(1)</script>')
    expect(meta.image).toBeNull()
    expect(
      parsePage('<meta property="og:image" content="data:image/png;base64,AAAA">', url).image
    ).toBeNull()
  })

  it('copes with malformed HTML: unclosed tags, stray quotes, nothing at all', () => {
    expect(parsePage('<title>Unclosed', url).title).toBe('Unclosed')
    expect(parsePage('<meta property="og:title" content="a" <<<>>> "', url).title).toBe('a')
    expect(parsePage('', url)).toEqual({
      title: null,
      description: null,
      siteName: null,
      image: null,
    })
    expect(parsePage('\u0000\u0001<<<<', url).title).toBeNull()
  })

  it('uses <base href> for relative images', () => {
    const meta = parsePage(
      '<base href="https://static.example/a/"><meta property="og:image" content="b.png">',
      url
    )
    expect(meta.image).toBe('https://static.example/a/b.png')
  })

  it('cleans and caps texts', () => {
    expect(cleanText('a\u202eb\u200bc\u0007 \n d', 100)).toBe('abc d')
    expect(cleanText('   ', 10)).toBeNull()
    const long = cleanText('x'.repeat(1000), LIMITS.title)!
    expect(Array.from(long)).toHaveLength(LIMITS.title)
    expect(long.endsWith('…')).toBe(true)
  })

  it('decodes by the declared charset', () => {
    const latin1 = new Uint8Array([0x3c, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3e, 0xe9, 0x3c, 0x2f])
    expect(decodePage(latin1, 'text/html; charset=iso-8859-1')).toContain('é')
    const page = new TextEncoder().encode('<meta charset="windows-1252"><title>x</title>')
    expect(decodePage(page, 'text/html')).toContain('<title>x</title>')
    expect(decodePage(new TextEncoder().encode('ü'), 'text/html; charset=bogus')).toBe('ü')
  })
})

describe('sniffImage', () => {
  const png = (w: number, h: number) => {
    const b = new Uint8Array(33)
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    new DataView(b.buffer).setUint32(16, w)
    new DataView(b.buffer).setUint32(20, h)
    return b
  }

  it('reads PNG, GIF, JPEG and WebP sizes from their bytes', () => {
    expect(sniffImage(png(640, 480))).toEqual({
      type: 'image/png',
      ext: 'png',
      width: 640,
      height: 480,
    })
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 0x20, 0x01, 0x10, 0x00])
    expect(sniffImage(gif)).toMatchObject({ type: 'image/gif', width: 288, height: 16 })
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c,
      0x02, 0x58, 0x03, 0x00, 0x00, 0x00,
    ])
    expect(sniffImage(jpeg)).toMatchObject({
      type: 'image/jpeg',
      ext: 'jpg',
      width: 600,
      height: 300,
    })
    const webp = new Uint8Array(30)
    webp.set(new TextEncoder().encode('RIFF'), 0)
    webp.set(new TextEncoder().encode('WEBPVP8X'), 8)
    webp.set([99, 0, 0, 49, 0, 0], 24)
    expect(sniffImage(webp)).toMatchObject({ type: 'image/webp', width: 100, height: 50 })
  })

  it('refuses SVG, HTML, empty, truncated and absurd images', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')
    expect(sniffImage(svg)).toBeNull()
    expect(sniffImage(new TextEncoder().encode('<html>'))).toBeNull()
    expect(sniffImage(new Uint8Array(0))).toBeNull()
    expect(sniffImage(png(640, 480).subarray(0, 20))).toBeNull()
    expect(sniffImage(png(0, 10))).toBeNull()
    expect(sniffImage(png(1_000_000, 10))).toBeNull()
  })
})
