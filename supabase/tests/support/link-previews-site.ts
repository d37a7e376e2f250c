// The set-up of link-previews.test.ts: a test HTTP server on 127.0.0.1 with the pages and images
// the tests link to (reached through the loopback test setting, given to the functions through
// the process environment), a stack with the matrix's world, a message posted as a person, and a
// message's preview rows once the asynchronous work is done.
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import type { PreviewFields } from '../../functions/link-previews/preview.ts'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { startOutboundServer } from './outbound-server.ts'
import type { OutboundServer } from './outbound-server.ts'
import { buildWorld, makeMessage } from './world.ts'
import type { Person, World } from './world.ts'

/** A link_previews row: what the function writes (preview.ts), for which link of which message. */
export interface Preview extends Omit<PreviewFields, 'status'> {
  id: string
  message_id: string
  channel_id: string
  position: number
  url: string
  /** pending or fetching until the function writes ready or failed. */
  status: string
  removed_by_author: boolean
}

const page = (head: string) => `<!doctype html><html><head>${head}</head><body>hi</body></html>`
const html = (body: string) => (_q: unknown, r: ServerResponse) =>
  r.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body)

export interface LinkPreviewStack {
  stack: TestStack
  world: World
  site: OutboundServer
  /** The image /card.png and /image-not-page serve. */
  png: Buffer
  /** The message's preview rows once none is waiting any more (polled: the work is asynchronous). */
  settled: (message: string, count?: number) => Promise<Preview[]>
  post: (author: Person, channel: string, body: string) => Promise<string>
  /** A call of the link-previews function with this body (JSON) and method. */
  call: (body: unknown, method?: string) => Promise<Response>
  /** The preview row of a new message (the member's, in plaza) linking to the site's path. */
  failure: (pathName: string) => Promise<Preview>
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useLinkPreviewStack(): LinkPreviewStack {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as LinkPreviewStack
  t.settled = async function settled(message: string, count = 1): Promise<Preview[]> {
    for (;;) {
      const rows = await t.stack.sql<Preview[]>`
      select * from public.link_previews where message_id = ${message} order by position`
      if (
        rows.length >= count &&
        rows.every((r) => r.status === 'ready' || r.status === 'failed')
      ) {
        return rows
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  t.post = async function post(author: Person, channel: string, body: string): Promise<string> {
    return makeMessage(t.stack.sql, author, channel, body)
  }

  beforeAll(async () => {
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    t.site = await startOutboundServer()
    t.png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer()
    t.site.route(
      '/article',
      html(
        page(`<title>Fallback title</title>
      <meta property="og:title" content="Chorus &amp; friends">
      <meta property="og:description" content="A page about &quot;previews&quot;.">
      <meta property="og:site_name" content="Test Site">
      <meta property="og:image" content="/card.png">`)
      )
    )
    t.site.route('/card.png', (_q, r) =>
      r.writeHead(200, { 'Content-Type': 'image/png' }).end(t.png)
    )
    t.site.route(
      '/plain',
      html(page('<title> Only a  title </title><meta name="description" content="described">'))
    )
    t.site.route('/r1', (_q, r) => r.writeHead(301, { Location: '/r2' }).end())
    t.site.route('/r2', (_q, r) => r.writeHead(302, { Location: '/plain' }).end())
    t.site.route('/to-metadata', (_q, r) =>
      r.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end()
    )
    t.site.route('/huge', (_q, r) =>
      r
        .writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(3 * 1024 * 1024) })
        .write('<html>')
    )
    t.site.route('/never', () => undefined)
    t.site.route('/image-not-page', (_q, r) =>
      r.writeHead(200, { 'Content-Type': 'image/png' }).end(t.png)
    )
    t.site.route(
      '/malformed',
      html(
        `<html><head><meta property="og:title" content="Kept"><div><<p></html></body>` +
          `<meta property="og:description" content='unterminated`
      )
    )
    t.site.route(
      '/script',
      html(
        page(`<meta property="og:title" content="<script>alert('t')</script>">
      <meta property="og:description" content="<img src=x onerror=alert(1)>">
      <meta property="og:image" content="javascript:alert(1)">`)
      )
    )
    t.site.route(
      '/svg-image',
      html(
        page(
          '<meta property="og:title" content="Has SVG"><meta property="og:image" content="/i.svg">'
        )
      )
    )
    t.site.route('/i.svg', (_q, r) =>
      r
        .writeHead(200, { 'Content-Type': 'image/svg+xml' })
        .end('<svg><script>alert(1)</script></svg>')
    )
    t.site.route('/new-link', html(page('<meta property="og:title" content="The new link">')))
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
  }, 120_000)

  afterAll(async () => {
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    await t.stack?.stop()
    await t.site?.close()
  })
  t.call = (body: unknown, method = 'POST') =>
    fetch(`${t.stack.url}/functions/v1/link-previews`, {
      method,
      headers: { 'Content-Type': 'application/json', apikey: t.stack.anonKey },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    })
  t.failure = async (pathName: string) => {
    const message = await t.post(
      t.world.people.member,
      t.world.ch.plaza,
      `${t.site.origin}${pathName}`
    )
    const [row] = await t.settled(message)
    return row!
  }
  return t
}
