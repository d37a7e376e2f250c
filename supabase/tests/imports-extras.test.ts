// What a Slack archive carries beyond plain messages (issue 71, item 4), imported over HTTP against
// the real stack: its custom emoji (emoji.json and the images under emoji/, as archiving tools keep
// Slack's emoji.list) become the workspace's, checked as the app's upload is, a bad one skipped
// with a report line and a name the workspace has kept as it is; reactions and text with custom
// names keep them as `:name:`; a shared message (Slack's share attachment) becomes a forward with
// its snapshot, a second one a quote; a poll app's message (its blocks) reads as text. The set-up
// is support/imports-world.ts's.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../../backend/test/support/wait.ts'
import { brokenInvariants } from './support/imports-checks.ts'
import { ok } from './support/imports.ts'
import { useImportStack } from './support/imports-world.ts'
import { zipOf } from './support/slack-export.ts'
import { extrasExport, GIF, PNG } from './support/slack-export-extras.ts'

const t = useImportStack()
const { kit } = t

describe('a Slack archive with custom emoji, shared messages and a poll app', () => {
  it('brings them over, reporting the emoji it could not', async () => {
    const ws = await kit.workspace(t.owner, 'Extras from Slack')
    // The workspace's own :ours: is kept as it is.
    const ownPath = `${ws}/own.png`
    ok(
      await kit
        .as(t.owner)
        .storage.from('custom-emoji')
        .upload(ownPath, PNG, { contentType: 'image/png' })
    )
    ok(
      await kit
        .as(t.owner)
        .from('custom_emoji')
        .insert({ workspace_id: ws, name: 'ours', image_path: ownPath })
    )
    const gone = t.fileUrl.replace('/diagram.png', '/gone.png')
    const files = extrasExport([t.emails()[1], t.emails()[2]], gone)
    const path = await kit.upload(t.owner, ws, zipOf(files), 'extras.zip')
    const done = await kit.ended((await kit.start(t.owner, ws, path)).id)
    expect(done.status, done.error ?? '').toBe('done')

    // The emoji: names, aliases, images in the bucket as the app uploads them.
    const emoji = await t.stack.sql<
      { name: string; aliases: string[]; image_path: string; created_by: string | null }[]
    >`select name, aliases, image_path, created_by from public.custom_emoji
      where workspace_id = ${ws} order by name`
    expect(emoji.map((e) => [e.name, e.aliases])).toEqual([
      ['ours', []],
      ['partyparrot', ['pp']],
      ['shipit', []],
    ])
    expect(emoji.find((e) => e.name === 'ours')!.image_path).toBe(ownPath)
    const parrot = emoji.find((e) => e.name === 'partyparrot')!
    expect(parrot.image_path).toMatch(new RegExp(`^${ws}/import-[0-9a-f-]{36}\\.gif$`))
    expect(parrot.created_by).toBe(t.owner.id)
    const image = ok(await kit.as(t.owner).storage.from('custom-emoji').download(parrot.image_path))
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array(GIF))

    // What it could not bring, each a line of the report; nothing else.
    const emojiReport = done.report.filter((r) => r.file === 'emoji.json')
    expect(emojiReport.map((r) => [(r as { code?: string }).code, r.reason]).sort()).toEqual([
      [
        'emoji_alias_missing',
        "The custom emoji alias :orphan: was not imported: :nowhere: is not one of the archive's custom emoji.",
      ],
      [
        'emoji_image_missing',
        "The custom emoji :gone: was not imported: its image's link answered 404.",
      ],
      [
        'emoji_image_too_big',
        'The custom emoji :huge: was not imported: its image is over 1048576 bytes.',
      ],
      [
        'emoji_image_type',
        'The custom emoji :broken: was not imported: its image is not a PNG, GIF or WebP image.',
      ],
      [
        'emoji_refused',
        "The custom emoji :thumbsup: was not imported: :thumbsup: is a standard emoji's name.",
      ],
    ])
    expect(done.report.filter((r) => r.file !== 'emoji.json')).toEqual([])

    const messages = await t.stack.sql<{ id: string; body: string; author: string | null }[]>`
      select m.id, m.body, p.display_name as author from public.messages m
      join public.channels c on c.id = m.channel_id
      left join public.profiles p on p.id = m.author_id
      where c.workspace_id = ${ws} and c.kind <> 'dm' order by m.created_at`
    const [logo, launch, share, both, link, polly, simple] = messages
    // Custom names stay `:name:`, in text and reactions (the app shows the workspace's image).
    expect(launch!.body).toBe('Launch day :partyparrot:')
    const reactions = await t.stack.sql<{ emoji: string }[]>`
      select emoji from public.reactions where message_id = ${launch!.id} order by emoji`
    expect(reactions.map((r) => r.emoji)).toEqual([':partyparrot:', ':pp:', '👍'])

    // The share: a forward, its snapshot naming the design message, its channel and author.
    expect(share).toMatchObject({ body: '', author: 'Ben Extra' })
    const forwards = await t.stack.sql<
      {
        id: string
        source_message_id: string | null
        source_channel_id: string | null
        source_channel_kind: string
        source_channel_name: string | null
        author: string | null
        source_author_name: string | null
        source_created_at: Date
        body: string
      }[]
    >`select f.id, f.source_message_id, f.source_channel_id, f.source_channel_kind::text,
        f.source_channel_name, p.display_name as author, f.source_author_name,
        f.source_created_at, f.body
      from public.message_forwards f left join public.profiles p on p.id = f.source_author_id
      where f.workspace_id = ${ws} order by f.created_at`
    const [design] = await t.stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws} and name = 'design'`
    expect(forwards).toEqual([
      {
        id: share!.id,
        source_message_id: logo!.id,
        source_channel_id: design!.id,
        source_channel_kind: 'public',
        source_channel_name: 'design',
        author: 'Ben Extra',
        source_author_name: 'Ben Extra',
        source_created_at: new Date('2024-04-02T10:00:00Z'),
        body: 'The new logo is in :shipit:',
      },
      // From a conversation the archive does not have: named by the attachment only.
      {
        id: both!.id,
        source_message_id: null,
        source_channel_id: null,
        source_channel_kind: 'private',
        source_channel_name: null,
        author: null,
        source_author_name: 'Zed Outside',
        source_created_at: new Date('2024-04-02T09:00:00Z'),
        body: 'from **elsewhere**',
      },
    ])
    // …and the second share, with no time to place it, quoted under its author.
    expect(both!.body).toBe('Both of these\n\n> **Ben Extra**: no time on this one')
    expect(link!.body).not.toContain('preview')

    // The poll apps' messages read as text.
    expect(polly!.body).toBe(
      [
        '**Polly (bot)**: **Lunch?**',
        '`1` Pizza  `2` :white_circle::white_circle:',
        '`2` Tacos  `0`',
        'Anonymous poll by <@' + (await personOf(ws, 'Ann Extra')) + '>',
        '[Close poll]',
      ].join('\n')
    )
    expect(simple!.body).toBe(
      '**Simple Poll (bot)**: New poll\n**Where to meet?**\n**Office**: 3 votes\n**Cafe**: 1 vote'
    )
    expect(await brokenInvariants(t.stack.sql, ws)).toEqual([])

    // Again: nothing doubles, the emoji are kept (no report line for a name it has).
    const again = await kit.ended((await kit.start(t.owner, ws, path)).id)
    expect(again.status, again.error ?? '').toBe('done')
    const [count] = await t.stack.sql<{ emoji: number; forwards: number }[]>`
      select (select count(*)::int from public.custom_emoji where workspace_id = ${ws}) as emoji,
        (select count(*)::int from public.message_forwards where workspace_id = ${ws}) as forwards`
    expect(count).toEqual({ emoji: 3, forwards: 2 })
  })

  it('goes on with the emoji from its checkpoint when a slice stops', async () => {
    // Each slice does one batch (two emoji a call) and stops without calling the next one.
    await t.stack.sql`
      insert into private.import_settings (name, value)
      values ('slice_batches', '1'), ('batch_messages', '2'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const ws = await kit.workspace(t.owner, 'Extras resumed')
      const files = extrasExport([t.emails()[1], t.emails()[2]], 'emoji/none.png')
      const path = await kit.upload(t.owner, ws, zipOf(files), 'extras.zip')
      const started = await kit.start(t.owner, ws, path)
      const offsets: number[] = []
      for (;;) {
        const current = await waitFor('the slice to stop', async () => {
          const found = await kit.row(started.id)
          if (found.status === 'running' && found.heartbeat_at === null) return found
          return ['done', 'failed', 'cancelled'].includes(found.status) ? found : undefined
        })
        if (current.status !== 'running') {
          expect(current.status, current.error ?? '').toBe('done')
          // Each emoji reported once, however many slices it took.
          const codes = current.report.map((r) => (r as { code?: string }).code).sort()
          expect(codes).toEqual([
            'emoji_alias_missing',
            'emoji_image_missing',
            'emoji_image_too_big',
            'emoji_image_type',
            'emoji_refused',
          ])
          break
        }
        if (current.checkpoint.phase === 'emoji') offsets.push(Number(current.checkpoint.offset))
        expect((await kit.callFunction(started.id)).status).toBe(200)
      }
      // Seven emoji with images, two a call: the checkpoint went 2, 4, 6 before the last call.
      expect(offsets).toEqual([2, 4, 6])
      const made = await t.stack.sql<{ name: string }[]>`
        select name from public.custom_emoji where workspace_id = ${ws} order by name`
      expect(made.map((e) => e.name)).toEqual(['ours', 'partyparrot', 'shipit'])
    } finally {
      await t.stack.sql`
        delete from private.import_settings where name in ('slice_batches', 'batch_messages', 'chain')`
    }
  })

  it('removes the emoji it made when it is cancelled or fails', async () => {
    const ws = await kit.workspace(t.owner, 'Extras undone')
    const files = extrasExport([t.emails()[1], t.emails()[2]], 'emoji/none.png')
    const path = await kit.upload(t.owner, ws, zipOf(files), 'extras.zip')
    const done = await kit.ended((await kit.start(t.owner, ws, path)).id)
    expect(done.status, done.error ?? '').toBe('done')
    const [id] = await t.stack.sql<{ id: string }[]>`
      select id from public.imports where workspace_id = ${ws}`
    // (as a failure undoes an import: private.import_undo, on an import still running)
    await t.stack.sql`update public.imports set status = 'running' where id = ${id!.id}`
    await t.stack.sql`select private.import_undo(${id!.id}, 'failed', 'test')`
    const left = await t.stack.sql<{ name: string }[]>`
      select name from public.custom_emoji where workspace_id = ${ws} order by name`
    expect(left).toEqual([])
    // …and their images, as every image the imports uploaded for an emoji they did not make.
    await waitFor('the emoji images to be removed', async () => {
      const [queued] = await t.stack.sql<{ n: number }[]>`
        select count(*)::int as n from private.retention_files where bucket_id = 'custom-emoji'`
      return queued!.n === 0 ? true : undefined
    })
    const images = await t.stack.sql<{ name: string }[]>`
      select name from storage.objects
      where bucket_id = 'custom-emoji' and name like ${ws + '/%'}`
    expect(images).toEqual([])
  })
})

async function personOf(ws: string, name: string): Promise<string> {
  const [found] = await t.stack.sql<{ id: string }[]>`
    select p.id from public.profiles p join public.workspace_members wm on wm.user_id = p.id
    where wm.workspace_id = ${ws} and p.display_name = ${name}`
  return found!.id
}
