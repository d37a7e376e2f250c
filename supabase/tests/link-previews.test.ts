// Link previews end to end on the real stack: a message with a link fires the trigger, pg_net
// calls the `link-previews` Edge Function, which fetches a test HTTP server on 127.0.0.1 (allowed
// only by the test setting CHORUS_OUTBOUND_ALLOW_LOOPBACK=1, given to the functions through the
// process environment) and stores the row and the image. Then: who reads the row and the image
// (REST, Storage, Realtime), removal by the author only and for good, edits, deletion, and
// hostile pages that store no harm. The server and set-up: support/link-previews-site.ts.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useLinkPreviewStack } from './support/link-previews-site.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import { asUser } from './support/world.ts'

const t = useLinkPreviewStack()
const { post, settled, call, failure } = t

describe('a message with a link', () => {
  it('gets a preview from Open Graph, with the image kept in Storage', async () => {
    const message = await post(
      t.world.people.owner,
      t.world.ch.quiet,
      `look ${t.site.origin}/article`
    )
    const [row] = await settled(message)
    expect(row).toMatchObject({
      position: 1,
      url: `${t.site.origin}/article`,
      status: 'ready',
      title: 'Chorus & friends',
      description: 'A page about "previews".',
      site_name: 'Test Site',
      image_width: 40,
      image_height: 20,
      channel_id: t.world.ch.quiet,
      removed_by_author: false,
    })
    expect(row!.image_path).toMatch(new RegExp(`^${t.world.ch.quiet}/[0-9a-f]{64}\\.png$`))
    const stored = await t.stack.sql`
      select 1 from storage.objects where bucket_id = 'link-previews' and name = ${row!.image_path}`
    expect(stored).toHaveLength(1)
  })

  it('is readable exactly by who can read the message: REST, Storage and Realtime', async () => {
    const { owner, member, admin, outsider } = t.world.people
    const message = await post(owner, t.world.ch.quiet, `again ${t.site.origin}/article`)
    const [row] = await settled(message)
    for (const [person, sees] of [
      [member, true],
      [owner, true],
      [admin, false],
      [outsider, false],
      [null, false],
    ] as const) {
      const client = clientFor(t.stack, person)
      const { data } = await client.from('link_previews').select('id').eq('message_id', message)
      expect(data?.length ?? 0, `REST as ${person?.email ?? 'anon'}`).toBe(sees ? 1 : 0)
      const download = await client.storage.from('link-previews').download(row!.image_path!)
      expect(download.error === null, `Storage as ${person?.email ?? 'anon'}`).toBe(sees)
      if (sees) expect(Buffer.from(await download.data!.arrayBuffer()).equals(t.png)).toBe(true)
      const signed = await client.storage
        .from('link-previews')
        .createSignedUrl(row!.image_path!, 60)
      expect(signed.error === null, `signed URL as ${person?.email ?? 'anon'}`).toBe(sees)
    }
    // Realtime: a member hears the preview arrive on the channel's topic; the admin (not in
    // the private channel) cannot even join it.
    const inbox = new Inbox()
    const heard = await joinPrivate(t.stack, member, liveTopic.channel(t.world.ch.quiet), inbox)
    const refused = await joinPrivate(t.stack, admin, liveTopic.channel(t.world.ch.quiet))
    try {
      expect(heard.joined).toBe(true)
      expect(refused.joined).toBe(false)
      const next = await post(owner, t.world.ch.quiet, `live ${t.site.origin}/plain`)
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
    const message = await post(t.world.people.member, t.world.ch.plaza, `${t.site.origin}/plain`)
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
    const message = await post(t.world.people.member, t.world.ch.plaza, `see ${t.site.origin}/r1`)
    const [row] = await settled(message)
    expect(row).toMatchObject({
      status: 'ready',
      url: `${t.site.origin}/r1`,
      title: 'Only a title',
    })
  })

  it('previews the first three links only, never one in code', async () => {
    const body = [
      `\`${t.site.origin}/never\``,
      `${t.site.origin}/plain ${t.site.origin}/article ${t.site.origin}/r1 ${t.site.origin}/new-link`,
    ].join('\n')
    const message = await post(t.world.people.member, t.world.ch.plaza, body)
    const rows = await settled(message, 3)
    expect(rows.map((r) => r.url)).toEqual([
      `${t.site.origin}/plain`,
      `${t.site.origin}/article`,
      `${t.site.origin}/r1`,
    ])
  })

  it('answers a direct call with nothing new: the id only, each link fetched once', async () => {
    const message = await post(
      t.world.people.member,
      t.world.ch.plaza,
      `${t.site.origin}/plain once`
    )
    await settled(message)
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
    const outcome = await t.stack.sql
      .begin(async (tx) => {
        const rows = await tx<{ id: string }[]>`
          insert into public.messages (channel_id, author_id, body)
          select ${t.world.ch.plaza}, ${t.world.people.member.id},
            'bulk ' || g || ' ' || ${t.site.origin} || '/bulk/' || g
          from generate_series(1, 50) as g
          returning id`
        const [queued] = await tx<{ n: number }[]>`
          select count(*)::int as n from net.http_request_queue
          where url like '%/functions/v1/link-previews'
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
    const { member, owner, admin } = t.world.people
    const message = await post(member, t.world.ch.plaza, `mine ${t.site.origin}/article`)
    const [row] = await settled(message)
    for (const other of [owner, admin]) {
      const { error } = await clientFor(t.stack, other).rpc('remove_link_preview', {
        p_id: row!.id,
      })
      expect(error?.code).toBe('42501')
      expect(error?.message).toBe('Only the author of the message can remove its link preview.')
    }
    const outsider = await clientFor(t.stack, t.world.people.outsider).rpc('remove_link_preview', {
      p_id: row!.id,
    })
    expect(outsider.error?.message).toBe('Link preview not found.')
    const { data, error } = await clientFor(t.stack, member).rpc('remove_link_preview', {
      p_id: row!.id,
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ removed_by_author: true, title: null, image_path: null })

    await asUser(
      t.stack.sql,
      member,
      (tx) => tx`select public.edit_message(${message}, ${`mine, edited ${t.site.origin}/article`})`
    )
    await asUser(
      t.stack.sql,
      member,
      (tx) =>
        tx`select public.edit_message(${message}, ${`now ${t.site.origin}/article and ${t.site.origin}/new-link`})`
    )
    const rows = await settled(message, 2)
    expect(rows.map((r) => [r.url, r.removed_by_author, r.title])).toEqual([
      [`${t.site.origin}/article`, true, null],
      [`${t.site.origin}/new-link`, false, 'The new link'],
    ])
  })

  it('an edit that drops the link drops its preview; deleting the message drops them all', async () => {
    const { member } = t.world.people
    const message = await post(
      member,
      t.world.ch.plaza,
      `a ${t.site.origin}/plain b ${t.site.origin}/new-link`
    )
    await settled(message, 2)
    await asUser(
      t.stack.sql,
      member,
      (tx) => tx`select public.edit_message(${message}, ${`only ${t.site.origin}/new-link`})`
    )
    for (;;) {
      const rows = await t.stack
        .sql`select url from public.link_previews where message_id = ${message}`
      if (rows.length === 1) {
        expect(rows[0]!.url).toBe(`${t.site.origin}/new-link`)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await asUser(t.stack.sql, member, (tx) => tx`select public.delete_message(${message})`)
    const left = await t.stack.sql`select 1 from public.link_previews where message_id = ${message}`
    expect(left).toHaveLength(0)
  })
})

describe('hostile pages store no harm', () => {
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
    expect(t.site.received.some((r) => r.path === '/i.svg')).toBe(true)
  })

  it('reads what it can of malformed HTML', async () => {
    const row = await failure('/malformed')
    expect(row).toMatchObject({ status: 'ready', title: 'Kept', description: null })
  })

  it('without the test setting, the loopback test server itself is refused', async () => {
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    try {
      const before = t.site.received.length
      const row = await failure('/plain?off')
      expect(row).toMatchObject({ status: 'failed', error: 'blocked_address' })
      expect(t.site.received.length).toBe(before)
    } finally {
      process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    }
  })
})
