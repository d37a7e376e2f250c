/// <reference types="node" />
// The headers the app's pages must be served with (issue 69), written by the build beside them:
// dist/security-headers.json. Its Content-Security-Policy allows the pages' inline scripts,
// inline style elements and style attributes by their SHA-256, computed here from the HTML files
// as written (index.html with the kept screen's restore, kept-screen-restore.ts, and the icon
// sprite; public/unsubscribe.html), so the policy and the HTML never disagree. The API's origin
// is not known at build time (one build serves every arrangement, /config.json names it at run
// time): the policy holds `{api}` (its origin, http(s)) and `{realtime}` (the same host, ws(s))
// for whoever serves the pages to put in: the app server (backend/src/http/app-headers.ts) and the
// deploy's `_headers` (scripts/deploy/site-headers.ts). A page the policy does not cover fails
// the build: an inline event handler, a `javascript:` URL.
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

export const SECURITY_HEADERS_FILE = 'security-headers.json'

/** What the file holds. */
export interface SecurityHeadersFile {
  /** Headers of every HTML page, `{api}` and `{realtime}` in Content-Security-Policy. */
  page: Record<string, string>
}

/**
 * What the pages may use that a browser lets a page close by Permissions-Policy. Open to the app
 * itself: WebAuthn (security keys and passkeys as a second factor, and sign-in), copying to the
 * clipboard (copy link, copy text), full screen. Closed: everything Chorus never asks for.
 * Notifications and push are not Permissions-Policy features (the person grants them).
 */
export const PERMISSIONS_POLICY = [
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

export interface InlineParts {
  scripts: string[]
  styles: string[]
  styleAttributes: string[]
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The inline scripts, style elements and style attributes of a page, refusing what no hash allows. */
export function inlineParts(html: string, name = 'the page'): InlineParts {
  const parts: InlineParts = { scripts: [], styles: [], styleAttributes: [] }
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '')
  for (const [, attributes = '', body = ''] of withoutComments.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
  )) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    parts.scripts.push(body)
  }
  for (const [, body = ''] of withoutComments.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    parts.styles.push(body)
  }
  const tags = withoutComments.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
  for (const [, quote = '', value = ''] of tags.matchAll(/\sstyle\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    if (value.includes('&')) throw new Error(`${name}: a style attribute with an entity: ${quote}`)
    parts.styleAttributes.push(value)
  }
  if (/<[^>]*\son[a-z]+\s*=/i.test(tags)) {
    throw new Error(`${name} has an inline event handler, which the policy does not allow`)
  }
  if (/\s(href|src|action)\s*=\s*["']?\s*javascript:/i.test(tags)) {
    throw new Error(`${name} has a javascript: URL, which the policy does not allow`)
  }
  return parts
}

const unique = (values: string[]) => [...new Set(values)].sort()

/** The policy for pages with these inline parts; `{api}` and `{realtime}` left to the server. */
export function contentSecurityPolicy(parts: InlineParts): string {
  const styleAttributes = unique(parts.styleAttributes.map(sha256))
  return [
    "default-src 'self'",
    `script-src 'self' ${unique(parts.scripts.map(sha256)).join(' ')}`.trim(),
    `style-src 'self' ${unique(parts.styles.map(sha256)).join(' ')}`.trim(),
    // Style attributes written in the HTML (the icon sprite's); React's style props are set
    // through the CSSOM, which a policy does not govern.
    styleAttributes.length > 0
      ? `style-src-attr 'unsafe-hashes' ${styleAttributes.join(' ')}`
      : "style-src-attr 'none'",
    // Storage's files (attachments, avatars), the emoji images (the app's own), pictures being
    // uploaded (blob:), the authenticator QR code Auth sends (a data: SVG) and the favicon.
    "img-src 'self' {api} blob: data:",
    "connect-src 'self' {api} {realtime}",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The style elements the bundled libraries write as the page runs, each a fixed text given to
 * React as `dangerouslySetInnerHTML` (Radix's Select hides its list's scroll bar so), read from
 * the built scripts: their hashes join the policy, so that what a library writes is allowed and
 * nothing else is. Only texts that are CSS (a selector or an at-rule, then a block) are taken.
 */
export function libraryStyles(scripts: string[]): string[] {
  const found: string[] = []
  for (const code of scripts) {
    for (const [, , text = ''] of code.matchAll(
      /dangerouslySetInnerHTML:\{__html:(["'`])((?:\\.|(?!\1)[^\\])*)\1\}/g
    )) {
      const plain = !text.includes('${') && !text.includes('\\')
      if (plain && /^\s*[[.#@a-z][^{}]*\{[^]*\}\s*$/i.test(text)) found.push(text)
    }
  }
  return unique(found)
}

/** The headers of every page built from these HTML files (and the libraries' styles). */
export function pageHeaders(
  pages: { name: string; html: string }[],
  styles: string[] = []
): Record<string, string> {
  const parts: InlineParts = { scripts: [], styles: [...styles], styleAttributes: [] }
  for (const { name, html } of pages) {
    const found = inlineParts(html, name)
    parts.scripts.push(...found.scripts)
    parts.styles.push(...found.styles)
    parts.styleAttributes.push(...found.styleAttributes)
  }
  return {
    'content-security-policy': contentSecurityPolicy(parts),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  }
}

/** Writes dist/security-headers.json from the HTML files of the output folder. */
export async function writeSecurityHeaders(outDir: string): Promise<SecurityHeadersFile> {
  const names = (await readdir(outDir)).filter((name) => name.endsWith('.html')).sort()
  if (!names.includes('index.html')) throw new Error(`${outDir} has no index.html`)
  const pages = await Promise.all(
    names.map(async (name) => ({ name, html: await readFile(path.join(outDir, name), 'utf8') }))
  )
  const assets = path.join(outDir, 'assets')
  const scripts = await Promise.all(
    (await readdir(assets).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFile(path.join(assets, name), 'utf8'))
  )
  const file: SecurityHeadersFile = { page: pageHeaders(pages, libraryStyles(scripts)) }
  await writeFile(
    path.join(outDir, SECURITY_HEADERS_FILE),
    `${JSON.stringify(file, null, 2)}\n`,
    'utf8'
  )
  return file
}

export function securityHeaders(): Plugin {
  let outDir = ''
  return {
    name: 'chorus-security-headers',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await writeSecurityHeaders(outDir)
      },
    },
  }
}
