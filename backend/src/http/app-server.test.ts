import { request } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildAppServer } from './app-server.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

const IMMUTABLE = 'public, max-age=31536000, immutable'
// Big enough to be worth compressing, and compressible (as a real bundle is).
const SCRIPT = `${'export function render(row) { return row.body }\n'.repeat(400)}run()\n`
const PAGE = `<!doctype html><title>app</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`
const MANIFEST = JSON.stringify({ name: 'Chorus', description: 'Team chat. '.repeat(120) })
// A PNG's signature and the start of its header: enough for its type.
const ICON = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])

/** A dist/ as the build leaves it: index.html and one script with their .br and .gz copies
 * (app/scripts/precompress.ts), a small script without, and a source map. */
async function dist(): Promise<string> {
  const dir = await folders.make('app-dist-')
  await mkdir(path.join(dir, 'assets'))
  await mkdir(path.join(dir, 'icons'))
  const files: Record<string, string | Buffer> = {
    'index.html': PAGE,
    'index.html.br': brotliCompressSync(PAGE),
    'index.html.gz': gzipSync(PAGE),
    'assets/main-1a2b.js': SCRIPT,
    'assets/main-1a2b.js.br': brotliCompressSync(SCRIPT),
    'assets/main-1a2b.js.gz': gzipSync(SCRIPT, { level: 9 }),
    'assets/tiny-3c4d.js': 'run()',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    // The web app manifest and its icons (app/public/), compressed as the build does.
    'manifest.webmanifest': MANIFEST,
    'manifest.webmanifest.br': brotliCompressSync(MANIFEST),
    'icons/icon-192.png': ICON,
  }
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body)
  return dir
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  /** The body as it came over the wire (not decoded). */
  body: Buffer
}

/** One real HTTP request, with exactly these headers (no Accept-Encoding unless given). */
function get(
  base: string,
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET'
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        })
      )
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

describe("start's app server", () => {
  it('serves files, index.html for routes, /config.json, and 404 for missing files and writes', async () => {
    const runtimeConfig = { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'sb_publishable_x' }
    const app = await buildAppServer({ distDir: await dist(), runtimeConfig })
    const home = await app.inject({ url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toBe(PAGE)
    expect(home.headers['cache-control']).toBe('no-cache')
    const route = await app.inject({ url: '/w/1/c/2' })
    expect(route.body).toBe(PAGE)
    const asset = await app.inject({ url: '/assets/main-1a2b.js' })
    expect(asset.body).toBe(SCRIPT)
    expect(asset.headers['cache-control']).toBe(IMMUTABLE)
    expect((await app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: '/' })).statusCode).toBe(404)
    const config = await app.inject({ url: '/config.json' })
    expect(config.json()).toEqual(runtimeConfig)
    expect(config.headers['cache-control']).toBe('no-store')
    await app.close()
  })

  it('refuses a folder without index.html, saying how to build it', async () => {
    const empty = await folders.make('app-dist-')
    await expect(
      buildAppServer({ distDir: empty, runtimeConfig: { supabaseUrl: '', supabaseKey: '' } })
    ).rejects.toThrow(`${empty} holds no index.html; build the app first (npm run build -w app)`)
  })
})

describe('the app server over HTTP: compression, caching, revalidation', () => {
  let app: FastifyInstance
  let base = ''
  beforeAll(async () => {
    app = await buildAppServer({
      distDir: await dist(),
      runtimeConfig: { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'sb_publishable_x' },
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await app.close()
  })

  it('sends brotli to a browser that takes it, with a year of immutable caching', async () => {
    const answer = await get(base, '/assets/main-1a2b.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['cache-control']).toBe(IMMUTABLE)
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10)
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT)
  })

  it('sends gzip to a client that takes only gzip, and honours q=0', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const answer = await get(base, '/assets/main-1a2b.js', { 'accept-encoding': acceptEncoding })
      expect(answer.status, acceptEncoding).toBe(200)
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('gzip')
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT)
    }
  })

  it('sends the file itself to a client without Accept-Encoding, or taking neither', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ]
    for (const headers of cases) {
      const answer = await get(base, '/assets/main-1a2b.js', headers)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(answer.headers['cache-control']).toBe(IMMUTABLE)
      expect(answer.body.toString()).toBe(SCRIPT)
    }
  })

  it('sends a file the build left uncompressed as it is, whatever is accepted', async () => {
    const answer = await get(base, '/assets/tiny-3c4d.js', { 'accept-encoding': 'br, gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers['cache-control']).toBe(IMMUTABLE)
    expect(answer.body.toString()).toBe('run()')
  })

  it('compresses index.html for every route of the app, revalidated on each visit', async () => {
    for (const urlPath of ['/', '/index.html', '/w/1/c/2']) {
      const answer = await get(base, urlPath, { 'accept-encoding': 'br' })
      expect(answer.status, urlPath).toBe(200)
      expect(answer.headers['content-encoding'], urlPath).toBe('br')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['cache-control'], urlPath).toBe('no-cache')
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE)
    }
    const sw = await get(base, '/sw.js', { 'accept-encoding': 'br' })
    expect(sw.headers['cache-control']).toBe('no-cache')
  })

  it('sends the web app manifest as application/manifest+json and its icons as PNG', async () => {
    const manifest = await get(base, '/manifest.webmanifest', { 'accept-encoding': 'br' })
    expect(manifest.status).toBe(200)
    expect(manifest.headers['content-type']).toBe('application/manifest+json')
    expect(manifest.headers['content-encoding']).toBe('br')
    expect(manifest.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(manifest.body).toString()).toBe(MANIFEST)
    const icon = await get(base, '/icons/icon-192.png')
    expect(icon.status).toBe(200)
    expect(icon.headers['content-type']).toBe('image/png')
    expect(icon.headers['cache-control']).toBe('no-cache')
    expect(icon.body).toEqual(ICON)
  })

  it('answers 304 to a revalidation with the ETag of the encoding it was sent in', async () => {
    for (const acceptEncoding of ['br', 'gzip', '']) {
      const headers: Record<string, string> = acceptEncoding
        ? { 'accept-encoding': acceptEncoding }
        : {}
      for (const urlPath of ['/assets/main-1a2b.js', '/w/1/c/2']) {
        const first = await get(base, urlPath, headers)
        const etag = first.headers.etag
        expect(etag).toMatch(/^W\/".+"$/)
        const again = await get(base, urlPath, { ...headers, 'if-none-match': etag! })
        expect(again.status, `${urlPath} ${acceptEncoding}`).toBe(304)
        expect(again.body.length).toBe(0)
        expect(again.headers.vary).toBe('Accept-Encoding')
        expect(again.headers['cache-control']).toBe(first.headers['cache-control'])
        const since = await get(base, urlPath, {
          ...headers,
          'if-modified-since': first.headers['last-modified']!,
        })
        expect(since.status).toBe(304)
      }
    }
    // Each encoding is its own representation: brotli's ETag does not revalidate gzip.
    const br = await get(base, '/assets/main-1a2b.js', { 'accept-encoding': 'br' })
    const gzip = await get(base, '/assets/main-1a2b.js', { 'accept-encoding': 'gzip' })
    expect(br.headers.etag).not.toBe(gzip.headers.etag)
    const crossed = await get(base, '/assets/main-1a2b.js', {
      'accept-encoding': 'gzip',
      'if-none-match': br.headers.etag!,
    })
    expect(crossed.status).toBe(200)
    expect(gunzipSync(crossed.body).toString()).toBe(SCRIPT)
  })

  it('answers a Range request with the bytes asked for', async () => {
    const answer = await get(base, '/assets/main-1a2b.js', { range: 'bytes=7-14' })
    expect(answer.status).toBe(206)
    expect(answer.headers['content-range']).toBe(`bytes 7-14/${SCRIPT.length}`)
    expect(answer.body.toString()).toBe(SCRIPT.slice(7, 15))
    const beyond = await get(base, '/assets/main-1a2b.js', {
      range: `bytes=${SCRIPT.length + 10}-`,
    })
    expect(beyond.status).toBe(416)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const answer = await get(base, '/assets/main-1a2b.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['cache-control']).toBe(IMMUTABLE)
    expect(answer.body.length).toBe(0)
  })

  it('keeps to 404 for what is not there, compressed copies not standing in for it', async () => {
    for (const urlPath of ['/assets/gone.js', '/assets/%00.js', '/assets/main-1a2b.css']) {
      const answer = await get(base, urlPath, { 'accept-encoding': 'br, gzip' })
      expect(answer.status, urlPath).toBe(404)
    }
    // A path out of dist/ is a route of the app: index.html, never the file it names.
    const outside = await get(base, '/assets/../../etc/passwd', { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(outside.body).toString()).toBe(PAGE)
    const config = await get(base, '/config.json', { 'accept-encoding': 'br' })
    expect(config.status).toBe(200)
    expect(config.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(config.body.toString())).toMatchObject({ supabaseKey: 'sb_publishable_x' })
  })
})
