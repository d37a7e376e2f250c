// Link previews end to end on the real stack: a message with a link fires the trigger, pg_net
// calls the `link-preview` Edge Function, which fetches a test HTTP server on 127.0.0.1 (allowed
// only by the test setting CHORUS_OUTBOUND_ALLOW_LOOPBACK=1, given to the functions through the
// process environment) and stores the row and the image. Then: who reads the row and the image
// (REST, Storage, Realtime), removal by the author only and for good, edits, deletion, and
// hostile pages that store no harm.
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { startOutboundServer } from './support/outbound-server.ts'
import type { OutboundServer } from './support/outbound-server.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import { asUser, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let site: OutboundServer
let png: Buffer

interface Preview {
  id: string
  message_id: string
  channel_id: string
  position: number
  url: string
  status: string
  title: string | null
  description: string | null
  site_name: string | null
  image_path: string | null
  image_width: number | null
  image_height: number | null
  error: string | null
  removed_by_author: boolean
}

const page = (head: string) => `<!doctype html><html><head>${head}</head><body>hi</body></html>`
const html = (body: string) => (_q: unknown, r: ServerResponse) =>
  r.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body)

/** The message's preview rows once none is waiting any more (polled: the work is asynchronous). */
async function settled(message: string, count = 1): Promise<Preview[]> {
  for (;;) {
    const rows = await stack.sql<Preview[]>`
      select * from public.link_previews where message_id = ${message} order by position`
    if (rows.length >= count && rows.every((r) => r.status === 'ready' || r.status === 'failed')) {
      return rows
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function post(author: Person, channel: string, body: string): Promise<string> {
  return makeMessage(stack.sql, author, channel, body)
}

beforeAll(async () => {
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
  site = await startOutboundServer()
  png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer()
  site.route(
    '/article',
    html(
      page(`<title>Fallback title</title>
      <meta property="og:title" content="Chorus &amp; friends">
      <meta property="og:description" content="A page about &quot;previews&quot;.">
      <meta property="og:site_name" content="Test Site">
      <meta property="og:image" content="/card.png">`)
    )
  )
  site.route('/card.png', (_q, r) => r.writeHead(200, { 'Content-Type': 'image/png' }).end(png))
  site.route(
    '/plain',
    html(page('<title> Only a  title </title><meta name="description" content="described">'))
  )
  site.route('/r1', (_q, r) => r.writeHead(301, { Location: '/r2' }).end())
  site.route('/r2', (_q, r) => r.writeHead(302, { Location: '/plain' }).end())
  site.route('/to-metadata', (_q, r) =>
    r.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end()
  )
  site.route('/huge', (_q, r) =>
    r
      .writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(3 * 1024 * 1024) })
      .write('<html>')
  )
  site.route('/never', () => undefined)
  site.route('/image-not-page', (_q, r) =>
    r.writeHead(200, { 'Content-Type': 'image/png' }).end(png)
  )
  site.route(
    '/malformed',
    html(
      `<html><head><meta property="og:title" content="Kept"><div><<p></html></body>` +
        `<meta property="og:description" content='unterminated`
    )
  )
  site.route(
    '/script',
    html(
      page(`<meta property="og:title" content="<script>alert('t')</script>">
      <meta property="og:description" content="<img src=x onerror=alert(1)>">
      <meta property="og:image" content="javascript:alert(1)">`)
    )
  )
  site.route(
    '/svg-image',
    html(
      page(
        '<meta property="og:title" content="Has SVG"><meta property="og:image" content="/i.svg">'
      )
    )
  )
  site.route('/i.svg', (_q, r) =>
    r
      .writeHead(200, { 'Content-Type': 'image/svg+xml' })
      .end('<svg><script>alert(1)</script></svg>')
  )
  site.route('/new-link', html(page('<meta property="og:title" content="The new link">')))
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
}, 120_000)

afterAll(async () => {
  delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
  await stack?.stop()
  await site?.close()
})

describe('a message with a link', () => {
  it('gets a preview from Open Graph, with the image kept in Storage', async () => {
    const message = await post(world.people.owner, world.ch.quiet, `look ${site.origin}/article`)
    const [row] = await settled(message)
    expect(row).toMatchObject({
      position: 1,
      url: `${site.origin}/article`,
      status: 'ready',
      title: 'Chorus & friends',
      description: 'A page about "previews".',
      site_name: 'Test Site',
      image_width: 40,
      image_height: 20,
      channel_id: world.ch.quiet,
      removed_by_author: false,
    })
    expect(row!.image_path).toMatch(new RegExp(`^${world.ch.quiet}/[0-9a-f]{64}\\.png$`))
    const stored = await stack.sql`
      select 1 from storage.objects where bucket_id = 'link-previews' and name = ${row!.image_path}`
    expect(stored).toHaveLength(1)
  })

  it('is readable exactly by who can read the message: REST, Storage and Realtime', async () => {
    const { owner, member, admin, outsider } = world.people
    const message = await post(owner, world.ch.quiet, `again ${site.origin}/article`)
    const [row] = await settled(message)
    for (const [person, sees] of [
      [member, true],
      [owner, true],
      [admin, false],
      [outsider, false],
      [null, false],
    ] as const) {
      const client = clientFor(stack, person)
      const { data } = await client.from('link_previews').select('id').eq('message_id', message)
      expect(data?.length ?? 0, `REST as ${person?.email ?? 'anon'}`).toBe(sees ? 1 : 0)
      const download = await client.storage.from('link-previews').download(row!.image_path!)
      expect(download.error === null, `Storage as ${person?.email ?? 'anon'}`).toBe(sees)
      if (sees) expect(Buffer.from(await download.data!.arrayBuffer()).equals(png)).toBe(true)
      const signed = await client.storage
        .from('link-previews')
        .createSignedUrl(row!.image_path!, 60)
      expect(signed.error === null, `signed URL as ${person?.email ?? 'anon'}`).toBe(sees)
    }
    // Realtime: a member hears the preview arrive on the channel's topic; the admin (not in
    // the private channel) cannot even join it.
    const inbox = new Inbox()
    const heard = await joinPrivate(stack, member, liveTopic.channel(world.ch.quiet), inbox)
    const refused = await joinPrivate(stack, admin, liveTopic.channel(world.ch.quiet))
    try {
      expect(heard.joined).toBe(true)
      expect(refused.joined).toBe(false)
      const next = await post(owner, world.ch.quiet, `live ${site.origin}/plain`)
      await inbox.until(
        (h) =>
          h.payload.table === 'link_previews' &&
          recordOf(h).message_id === next &&
          recordOf(h).status === 'ready'
      )
    } finally {
      await leave(heard)
    }
  })

  it("falls back to the page's <title> and description, and its host as the site", async () => {
    const message = await post(world.people.member, world.ch.plaza, `${site.origin}/plain`)
    const [row] = await settled(message)
    expect(row).toMatchObject({
      status: 'ready',
      title: 'Only a title',
      description: 'described',
      site_name: '127.0.0.1',
      image_path: null,
    })
  })

  it('follows a redirect chain, keeping the link as written', async () => {
    const message = await post(world.people.member, world.ch.plaza, `see ${site.origin}/r1`)
    const [row] = await settled(message)
    expect(row).toMatchObject({ status: 'ready', url: `${site.origin}/r1`, title: 'Only a title' })
  })

  it('previews the first three links only, never one in code', async () => {
    const body = [
      `\`${site.origin}/never\``,
      `${site.origin}/plain ${site.origin}/article ${site.origin}/r1 ${site.origin}/new-link`,
    ].join('\n')
    const message = await post(world.people.member, world.ch.plaza, body)
    const rows = await settled(message, 3)
    expect(rows.map((r) => r.url)).toEqual([
      `${site.origin}/plain`,
      `${site.origin}/article`,
      `${site.origin}/r1`,
    ])
  })

  it('answers a direct call with nothing new: the id only, each link fetched once', async () => {
    const message = await post(world.people.member, world.ch.plaza, `${site.origin}/plain once`)
    await settled(message)
    const call = (body: unknown, method = 'POST') =>
      fetch(`${stack.url}/functions/v1/link-preview`, {
        method,
        headers: { 'Content-Type': 'application/json', apikey: stack.anonKey },
        body: method === 'GET' ? undefined : JSON.stringify(body),
      })
    const again = await call({ message_id: message })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ fetched: 0, ready: 0 })
    expect((await call({ message_id: randomUUID() })).status).toBe(200)
    const bad = await call({ message_id: 'x' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'message_id must be a message id (a uuid).' })
    expect((await call('not json')).status).toBe(400)
    expect((await call(null, 'GET')).status).toBe(405)
  })
})

describe('bulk writes', () => {
  it('a statement of many messages with links asks for the newest 20 only', async () => {
    class Rollback extends Error {
      constructor(readonly queued: number) {
        super('rolled back on purpose')
      }
    }
    // Rolled back: nothing is sent, nothing fetched.
    const outcome = await stack.sql
      .begin(async (tx) => {
        const rows = await tx<{ id: string }[]>`
          insert into public.messages (channel_id, author_id, body)
          select ${world.ch.plaza}, ${world.people.member.id},
            'bulk ' || g || ' ' || ${site.origin} || '/bulk/' || g
          from generate_series(1, 50) as g
          returning id`
        const [queued] = await tx<{ n: number }[]>`
          select count(*)::int as n from net.http_request_queue
          where url like '%/functions/v1/link-preview'
            and convert_from(body, 'UTF8')::jsonb ->> 'message_id' = any (${rows.map((r) => r.id)})`
        throw new Rollback(queued!.n)
      })
      .catch((error: unknown) => error)
    expect(outcome).toBeInstanceOf(Rollback)
    expect((outcome as Rollback).queued).toBe(20)
  })
})

describe('removal', () => {
  it('by the author only; it sticks through an edit that keeps the link, and a new link comes back', async () => {
    const { member, owner, admin } = world.people
    const message = await post(member, world.ch.plaza, `mine ${site.origin}/article`)
    const [row] = await settled(message)
    for (const other of [owner, admin]) {
      const { error } = await clientFor(stack, other).rpc('remove_link_preview', { p_id: row!.id })
      expect(error?.code).toBe('42501')
      expect(error?.message).toBe('Only the author of the message can remove its link preview.')
    }
    const outsider = await clientFor(stack, world.people.outsider).rpc('remove_link_preview', {
      p_id: row!.id,
    })
    expect(outsider.error?.message).toBe('Link preview not found.')
    const { data, error } = await clientFor(stack, member).rpc('remove_link_preview', {
      p_id: row!.id,
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ removed_by_author: true, title: null, image_path: null })

    await asUser(
      stack.sql,
      member,
      (tx) => tx`select public.edit_message(${message}, ${`mine, edited ${site.origin}/article`})`
    )
    await asUser(
      stack.sql,
      member,
      (tx) =>
        tx`select public.edit_message(${message}, ${`now ${site.origin}/article and ${site.origin}/new-link`})`
    )
    const rows = await settled(message, 2)
    expect(rows.map((r) => [r.url, r.removed_by_author, r.title])).toEqual([
      [`${site.origin}/article`, true, null],
      [`${site.origin}/new-link`, false, 'The new link'],
    ])
  })

  it('an edit that drops the link drops its preview; deleting the message drops them all', async () => {
    const { member } = world.people
    const message = await post(
      member,
      world.ch.plaza,
      `a ${site.origin}/plain b ${site.origin}/new-link`
    )
    await settled(message, 2)
    await asUser(
      stack.sql,
      member,
      (tx) => tx`select public.edit_message(${message}, ${`only ${site.origin}/new-link`})`
    )
    for (;;) {
      const rows =
        await stack.sql`select url from public.link_previews where message_id = ${message}`
      if (rows.length === 1) {
        expect(rows[0]!.url).toBe(`${site.origin}/new-link`)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await asUser(stack.sql, member, (tx) => tx`select public.delete_message(${message})`)
    const left = await stack.sql`select 1 from public.link_previews where message_id = ${message}`
    expect(left).toHaveLength(0)
  })
})

describe('hostile pages store no harm', () => {
  const failure = async (pathName: string) => {
    const message = await post(world.people.member, world.ch.plaza, `${site.origin}${pathName}`)
    const [row] = await settled(message)
    return row!
  }

  it('too large, too slow, not a page, a redirect to the metadata address: failed, nothing shown', async () => {
    for (const [pathName, error] of [
      ['/huge', 'too_large'],
      ['/image-not-page', 'not_html'],
      ['/to-metadata', 'blocked_address'],
      ['/never', 'timeout'],
    ] as const) {
      const row = await failure(pathName)
      expect(row, pathName).toMatchObject({
        status: 'failed',
        error,
        title: null,
        image_path: null,
      })
    }
  })

  it('keeps scripts in fields as text and refuses script URLs and SVG images', async () => {
    const row = await failure('/script')
    expect(row).toMatchObject({
      status: 'ready',
      title: "<script>alert('t')</script>",
      description: '<img src=x onerror=alert(1)>',
      image_path: null,
    })
    const svg = await failure('/svg-image')
    expect(svg).toMatchObject({ status: 'ready', title: 'Has SVG', image_path: null })
    expect(site.received.some((r) => r.path === '/i.svg')).toBe(true)
  })

  it('reads what it can of malformed HTML', async () => {
    const row = await failure('/malformed')
    expect(row).toMatchObject({ status: 'ready', title: 'Kept', description: null })
  })

  it('without the test setting, the loopback test server itself is refused', async () => {
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    try {
      const before = site.received.length
      const row = await failure('/plain?off')
      expect(row).toMatchObject({ status: 'failed', error: 'blocked_address' })
      expect(site.received.length).toBe(before)
    } finally {
      process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    }
  })
})
