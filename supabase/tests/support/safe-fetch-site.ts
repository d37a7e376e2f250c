// The set-up of safe-fetch.test.ts: a real HTTP server on 127.0.0.1 with the pages, redirects,
// slow, huge, lying and compressed bodies the guard is tried on; the loopback test setting and the
// environment it needs, set and restored; the OutboundError a call ends with.
import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect } from 'vitest'
import { OutboundError, safeFetch } from '../../functions/_shared/safe-fetch.ts'
import type { OutboundOptions } from '../../functions/_shared/safe-fetch.ts'
import { startOutboundServer } from './outbound-server.ts'
import type { OutboundServer } from './outbound-server.ts'

export const SETTING = {
  CHORUS_OUTBOUND_ALLOW_LOOPBACK: '1',
  CHORUS_STACK_MODE: 'start',
  SUPABASE_URL: 'http://127.0.0.1:54321',
}
export const saved = Object.fromEntries(
  Object.keys(SETTING).map((name) => [name, process.env[name]])
)

export function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
}

/** The OutboundError a call ends with (fails the test if it succeeds). */
export async function refusal(url: string, options?: OutboundOptions): Promise<OutboundError> {
  try {
    await safeFetch(url, options)
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError)
    return error as OutboundError
  }
  throw new Error(`${url} was fetched`)
}

export const text = (body: Uint8Array) => new TextDecoder().decode(body)

/** Registers the file's beforeAll/afterAll (the server, the environment restored after). */
export function useSafeFetchSite(): { site: OutboundServer } {
  const t = {} as { site: OutboundServer }
  beforeAll(async () => {
    t.site = await startOutboundServer()
    t.site.route('/page', (_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hi'))
    for (let n = 1; n <= 4; n++) {
      t.site.route(`/hops/${n}`, (_q, r) =>
        r.writeHead(302, { Location: n === 1 ? '/page' : `/hops/${n - 1}` }).end()
      )
    }
    const redirectTo =
      (location: string, status = 302) =>
      (_q: unknown, r: ServerResponse) =>
        r.writeHead(status, { Location: location }).end()
    t.site.route('/to-private', redirectTo('http://10.0.0.1/admin'))
    t.site.route('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'))
    t.site.route('/to-mapped', redirectTo('http://[::ffff:192.168.0.1]/'))
    t.site.route('/to-file', redirectTo('file:///etc/passwd'))
    t.site.route('/to-echo-303', redirectTo('/echo', 303))
    t.site.route('/to-echo-307', redirectTo('/echo', 307))
    t.site.route('/to-other-origin', redirectTo(`http://localhost:${t.site.port}/echo`))
    t.site.route('/echo', (q, r, body) =>
      r
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ method: q.method, body, headers: q.headers }))
    )
    t.site.route('/never', () => undefined)
    t.site.route('/drip', (_q, r) => {
      r.writeHead(200, { 'Content-Type': 'text/html' })
      r.write('<html>')
    })
    t.site.route('/declared-huge', (_q, r) =>
      r.writeHead(200, { 'Content-Length': String(5 * 1024 * 1024) }).write('x'.repeat(1024))
    )
    t.site.route('/streamed-huge', (_q, r) => {
      r.writeHead(200, { 'Content-Type': 'text/html' })
      const chunk = 'y'.repeat(64 * 1024)
      const more = () => {
        while (!r.destroyed && r.write(chunk));
        if (!r.destroyed) r.once('drain', more)
      }
      more()
    })
    t.site.route('/lying-short', (_q, r) => {
      // says 10 bytes, sends 2 MiB
      r.socket?.end(`HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n${'z'.repeat(2 * 1024 * 1024)}`)
    })
    t.site.route('/lying-long', (_q, r) => {
      // says 100 bytes, sends 10 and closes
      r.socket?.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789')
    })
    t.site.route('/gzip-bomb', (_q, r) =>
      r
        .writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/html' })
        .end(gzipSync(Buffer.alloc(20 * 1024 * 1024)))
    )
    t.site.route('/gzip-page', (_q, r) =>
      r
        .writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/html' })
        .end(gzipSync('<title>zipped</title>'))
    )
    t.site.route('/image', (_q, r) =>
      r.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(4096))
    )
  })

  afterAll(async () => {
    setEnv(saved)
    await t.site?.close()
  })
  return t
}
