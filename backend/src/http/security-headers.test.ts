// The app server's security headers (security-headers.ts): the build's page headers on every
// page, as it is and as its compressed copies, with the configured API's origins and where to
// report; nosniff and the referrer policy on everything else.
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildAppServer } from './app-server.ts'
import { fillPolicy } from './security-headers.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

const PAGE = `<!doctype html><title>app</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`

/** A dist/ as the build leaves it: index.html with its compressed copies, a script, sw.js. */
async function dist(): Promise<string> {
  const dir = await folders.make('app-dist-')
  await mkdir(path.join(dir, 'assets'))
  const files: Record<string, string | Buffer> = {
    'index.html': PAGE,
    'index.html.br': brotliCompressSync(PAGE),
    'index.html.gz': gzipSync(PAGE),
    'assets/main-1a2b.js': 'run()',
    'sw.js': 'self.addEventListener("fetch", () => {})',
  }
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body)
  return dir
}

describe('fillPolicy', () => {
  it("puts the API's origin and its WebSocket twin in, without a path", () => {
    const template = "connect-src 'self' {api} {realtime}; img-src {api}"
    expect(fillPolicy(template, 'https://abc.supabase.co/')).toBe(
      "connect-src 'self' https://abc.supabase.co wss://abc.supabase.co; img-src https://abc.supabase.co"
    )
    expect(fillPolicy(template, 'http://127.0.0.1:54321')).toBe(
      "connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321; img-src http://127.0.0.1:54321"
    )
  })
})

describe("the app server's security headers", () => {
  const TEMPLATE =
    "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' {api} blob: data:; connect-src 'self' {api} {realtime}; frame-ancestors 'none'"

  async function withPolicy(): Promise<string> {
    const dir = await dist()
    await writeFile(path.join(dir, 'unsubscribe.html'), '<!doctype html><title>unsubscribe</title>')
    const page = {
      'content-security-policy': TEMPLATE,
      'x-frame-options': 'DENY',
      'permissions-policy': 'camera=()',
    }
    await writeFile(path.join(dir, 'security-headers.json'), JSON.stringify({ page }))
    return dir
  }

  it("gives every page the build's policy with the configured API's origins and where to report", async () => {
    const app = await buildAppServer({
      distDir: await withPolicy(),
      runtimeConfig: { supabaseUrl: 'https://abc.supabase.co', supabaseKey: 'sb_publishable_x' },
      reportUrl: 'http://127.0.0.1:54321/csp-report',
    })
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' https://abc.supabase.co blob: data:; connect-src 'self' https://abc.supabase.co wss://abc.supabase.co; frame-ancestors 'none'; report-uri http://127.0.0.1:54321/csp-report"
    const pages = ['/', '/w/1/c/2', '/index.html', '/unsubscribe.html?token=x']
    // As they are, and as their brotli and gzip copies (index.html.br is the file then sent).
    for (const [url, encoding] of pages.flatMap((p) => ['', 'br', 'gzip'].map((e) => [p, e]))) {
      const page = await app.inject({ url, headers: { 'accept-encoding': encoding! } })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-security-policy'], url).toBe(policy)
      expect(page.headers['x-frame-options'], url).toBe('DENY')
      expect(page.headers['permissions-policy'], url).toBe('camera=()')
      expect(page.headers['x-content-type-options'], url).toBe('nosniff')
      expect(page.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
    }
    // Everything else: nosniff and the referrer policy, no page policy (a worker's would govern
    // the service worker's own fetches).
    for (const url of ['/assets/main-1a2b.js', '/sw.js', '/config.json', '/assets/gone.js']) {
      const answer = await app.inject({ url })
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff')
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(answer.headers['content-security-policy'], url).toBeUndefined()
    }
    await app.close()
  })

  it('names the local API over http and ws, and reads the policy again after a rebuild', async () => {
    const dir = await withPolicy()
    const app = await buildAppServer({
      distDir: dir,
      runtimeConfig: { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'sb_publishable_x' },
    })
    const first = (await app.inject({ url: '/' })).headers['content-security-policy']
    expect(first).toContain("connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321;")
    expect(first).not.toContain('report-uri')
    const rebuilt = {
      page: { 'content-security-policy': "default-src 'self'; script-src 'sha256-new='" },
    }
    await writeFile(path.join(dir, 'security-headers.json'), JSON.stringify(rebuilt))
    // A later modification time than the first file's, as a rebuild has.
    const later = new Date(Date.now() + 5000)
    await utimes(path.join(dir, 'security-headers.json'), later, later)
    expect((await app.inject({ url: '/' })).headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'sha256-new='"
    )
    await app.close()
  })

  it('keeps a build without a policy from being framed', async () => {
    const app = await buildAppServer({
      distDir: await dist(),
      runtimeConfig: { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'sb_publishable_x' },
    })
    const home = await app.inject({ url: '/' })
    expect(home.headers['content-security-policy']).toBe("frame-ancestors 'none'")
    expect(home.headers['x-frame-options']).toBe('DENY')
    await app.close()
  })
})
