// @vitest-environment node
/// <reference types="node" />
// The build's security headers (security-headers.ts): the pages' inline scripts, style elements
// and style attributes allowed by their SHA-256, nothing inline allowed otherwise, and a page the
// policy cannot cover refused at build time; written beside the pages, index.html's kept-screen
// script and sprite included.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keptScreenScript } from './inline-kept-screen.ts'
import {
  libraryStyles,
  contentSecurityPolicy,
  inlineParts,
  pageHeaders,
  SECURITY_HEADERS_FILE,
  writeSecurityHeaders,
} from './security-headers.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'chorus-headers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values] as const
    })
  )
}

describe('inlineParts', () => {
  it('finds inline scripts (not those with src), style elements and style attributes, not in comments', () => {
    const html = `<!doctype html><head>
      <script type="module" crossorigin src="/assets/index.js"></script>
      <style>body{margin:0}</style>
      <!-- <script>commented()</script> -->
    </head><body>
      <svg aria-hidden="true" style="position:absolute;width:0"></svg>
      <div id="root"></div>
      <script>run()</script>
      <script type="module">await go()</script>
    </body>`
    expect(inlineParts(html)).toEqual({
      scripts: ['run()', 'await go()'],
      styles: ['body{margin:0}'],
      styleAttributes: ['position:absolute;width:0'],
    })
  })

  it('refuses inline event handlers and javascript: URLs, which no hash allows', () => {
    expect(() => inlineParts('<img src="x.png" onerror="go()">', 'a.html')).toThrow(
      'a.html has an inline event handler'
    )
    expect(() => inlineParts('<a href="javascript:go()">x</a>', 'b.html')).toThrow(
      'b.html has a javascript: URL'
    )
  })
})

describe('libraryStyles', () => {
  it('takes the fixed CSS a bundled library writes into a style element, nothing else', () => {
    const bundle = [
      'x=jsx("style",{dangerouslySetInnerHTML:{__html:`[data-radix-select-viewport]{scrollbar-width:none}`},nonce:n})',
      'y=jsx("div",{dangerouslySetInnerHTML:{__html:"<b>not css</b>"}})',
      'z=jsx("style",{dangerouslySetInnerHTML:{__html:`.a{width:${w}px}`}})',
      'w=jsx("style",{dangerouslySetInnerHTML:{__html:".b{content:\\"q\\"}"}})',
    ].join(';')
    expect(libraryStyles([bundle, bundle])).toEqual([
      '[data-radix-select-viewport]{scrollbar-width:none}',
    ])
    const policy = contentSecurityPolicy({
      scripts: [],
      styles: libraryStyles([bundle]),
      styleAttributes: [],
    })
    const hash = createHash('sha256')
      .update('[data-radix-select-viewport]{scrollbar-width:none}')
      .digest('base64')
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`)
  })
})

describe('contentSecurityPolicy', () => {
  it("allows exactly the inline parts' hashes, with nothing unsafe besides the attributes' hashes", () => {
    const policy = directives(
      contentSecurityPolicy({ scripts: ['a()'], styles: ['b{}'], styleAttributes: ['c:d'] })
    )
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'", hash('a()')])
    expect(policy.get('style-src')).toEqual(["'self'", hash('b{}')])
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-hashes'", hash('c:d')])
    expect(policy.get('connect-src')).toEqual(["'self'", '{api}', '{realtime}'])
    expect(policy.get('img-src')).toEqual(["'self'", '{api}', 'blob:', 'data:'])
    for (const name of ['object-src', 'base-uri', 'frame-ancestors', 'frame-src']) {
      expect(policy.get(name), name).toEqual(["'none'"])
    }
    const none = directives(contentSecurityPolicy({ scripts: [], styles: [], styleAttributes: [] }))
    expect(none.get('script-src')).toEqual(["'self'"])
    expect(none.get('style-src-attr')).toEqual(["'none'"])
  })

  it('gives the pages no framing, nosniff, the referrer policy and the features Chorus uses only', () => {
    const headers = pageHeaders([{ name: 'index.html', html: '<p>x</p>' }])
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const features = new Map(
      headers['permissions-policy']!.split(', ').map((f) => f.split('=') as [string, string])
    )
    expect(features.get('publickey-credentials-get')).toBe('(self)')
    expect(features.get('publickey-credentials-create')).toBe('(self)')
    expect(features.get('clipboard-write')).toBe('(self)')
    for (const closed of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(features.get(closed), closed).toBe('()')
    }
  })
})

describe('writeSecurityHeaders', () => {
  it("writes the policy of every page of the folder: index.html's kept-screen script among them", async () => {
    const kept = await keptScreenScript()
    writeFileSync(
      path.join(dir, 'index.html'),
      `<body><svg style="position:absolute"></svg><div id="root"></div>\n<script>${kept}</script></body>`
    )
    writeFileSync(
      path.join(dir, 'unsubscribe.html'),
      '<style>p{}</style><script type="module">x()</script>'
    )
    const written = await writeSecurityHeaders(dir)
    const file = JSON.parse(readFileSync(path.join(dir, SECURITY_HEADERS_FILE), 'utf8')) as unknown
    expect(file).toEqual(written)
    const policy = directives(written.page['content-security-policy']!)
    expect(policy.get('script-src')).toEqual(["'self'", ...[hash(kept), hash('x()')].sort()])
    expect(policy.get('style-src')).toEqual(["'self'", hash('p{}')])
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-hashes'", hash('position:absolute')])
  })
})
