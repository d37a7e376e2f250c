// A newer export of the same Slack workspace imported again (issue 45): its channels are the
// earlier import's, so the import must treat them as not its own. While it runs, nothing it
// adds to them is readable; a cancel, or a failure, leaves every earlier message, reply,
// reaction, file and channel exactly as it was; once done it has added only what is new (the
// newer messages, a reply to an old thread, a reaction on an old message, a file), the channel
// keeps the name it was given in Chorus, and a member who had read everything still has. Ann
// claimed her placeholder after the first import; the newer one authors nothing as her either
// (her newer reaction is a new placeholder's, which she claims again: issue 49, item 1), and
// adds none of her reactions again.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { brokenInvariants } from './support/imports-checks.ts'
import { addressFor, diagramServer, importKit, ok, teamEmails } from './support/imports.ts'
import type { ImportRow } from './support/imports.ts'
import { teamExport, tsOf, zipOf } from './support/slack-export.ts'
import type { Files } from './support/slack-export.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let files: Awaited<ReturnType<typeof diagramServer>>
let fileUrl: string
let owner: Person
let ann: Person
const kit = importKit(() => stack)
const { as } = kit

/** The earlier export, and a newer one: two more messages in #general (one with a file), a
 * reply to its old thread, and a reaction on its old first message. */
function exports(): { earlier: Files; newer: Files } {
  const earlier = teamExport({ emails: teamEmails(ann), fileUrl })
  const newer = teamExport({ emails: teamEmails(ann), fileUrl })
  const day = newer['general/2024-03-01.json'] as { reactions?: unknown[] }[]
  day[1]!.reactions = [...(day[1]!.reactions ?? []), { name: 'tada', users: ['U1'], count: 1 }]
  const later = (minutes: number) =>
    tsOf(new Date(new Date('2024-03-05T09:00:00Z').getTime() + minutes * 60_000))
  newer['general/2024-03-05.json'] = [
    { type: 'message', user: 'U1', text: 'a newer message', ts: later(0) },
    {
      type: 'message',
      user: 'U2',
      text: 'a newer reply',
      ts: later(1),
      thread_ts: tsOf(new Date('2024-03-01T09:00:00Z')),
      parent_user_id: 'U1',
    },
    {
      type: 'message',
      user: 'U2',
      text: 'a newer file',
      ts: later(2),
      files: [{ id: 'F9', name: 'newer.png', mimetype: 'image/png', url_private: fileUrl }],
    },
  ]
  return { earlier, newer }
}

/** Everything of the workspace an import could touch, as comparable values. */
async function everything(ws: string) {
  const sql = stack.sql
  return {
    channels: await sql`
      select id, name, kind::text, topic, archived_at, last_seq::text, dm_key
      from public.channels where workspace_id = ${ws} order by id`,
    messages: await sql`
      select m.id, m.channel_id, m.seq::text, m.thread_seq::text, m.parent_id, m.body, m.author_id,
        m.in_channel, m.deleted_at
      from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws} order by m.id`,
    threads: await sql`
      select t.id, t.reply_count, t.last_seq::text, t.last_repliers from public.threads t
      join public.channels c on c.id = t.channel_id where c.workspace_id = ${ws} order by t.id`,
    reactions: await sql`
      select r.message_id, r.user_id, r.emoji from public.reactions r
      join public.channels c on c.id = r.channel_id where c.workspace_id = ${ws}
      order by 1, 2, 3`,
    attachments: await sql`
      select a.message_id, a.path from public.attachments a
      join public.channels c on c.id = a.channel_id where c.workspace_id = ${ws} order by a.path`,
    members: await sql`
      select cm.channel_id, cm.user_id, cm.last_read_seq::text from public.channel_members cm
      join public.channels c on c.id = cm.channel_id where c.workspace_id = ${ws} order by 1, 2`,
    search: await sql`
      select count(*)::int as n from private.message_search where workspace_id = ${ws}`,
  }
}

async function objects(ws: string): Promise<string[]> {
  const rows = await stack.sql<{ name: string }[]>`
    select name from storage.objects where bucket_id = 'attachments' and name like ${ws + '/%'}
    order by name`
  return rows.map((row) => row.name)
}

/** Starts the newer import and runs it, a batch a slice, until its batch with the newer file
 * (in #general) is in. */
async function halfway(ws: string, zip: Uint8Array): Promise<ImportRow> {
  await stack.sql`
    insert into private.import_settings (name, value)
    values ('slice_batches', '1'), ('batch_messages', '2'), ('chain', 'off')
    on conflict (name) do update set value = excluded.value`
  const started = await kit.start(owner, ws, await kit.upload(owner, ws, zip, 'newer.zip'))
  for (;;) {
    const current = await waitFor('the slice to stop', async () => {
      const found = await kit.row(started.id)
      return found.status === 'running' && found.heartbeat_at === null ? found : undefined
    })
    // the batch with the newer file is in: the file is copied
    if ((await objects(ws)).some((name) => name.endsWith('/newer.png'))) return current
    expect((await kit.callFunction(started.id)).status).toBe(200)
  }
}

beforeAll(async () => {
  files = await diagramServer()
  fileUrl = files.url
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
  stack = await startTestStack({ workdir })
  ;[owner, ann] = (await Promise.all(
    ['Olga Owner', 'Ann Existing'].map((n) => createPerson(stack, n, addressFor(n)))
  )) as [Person, Person]
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
  await stack?.stop()
  files?.close()
})

describe('a newer export of the same Slack workspace', () => {
  let ws: string
  let general: string
  let zips: { earlier: Uint8Array; newer: Uint8Array }
  let before: Awaited<ReturnType<typeof everything>>
  let objectsBefore: string[]

  beforeAll(async () => {
    const made = exports()
    zips = { earlier: zipOf(made.earlier), newer: zipOf(made.newer) }
    ws = await kit.workspace(owner, 'Moved twice')
    const first = await kit.ended(
      (await kit.start(owner, ws, await kit.upload(owner, ws, zips.earlier))).id
    )
    expect(first.status).toBe('done')
    const [c1] = await stack.sql<{ channel_id: string }[]>`
      select channel_id from private.import_channels where import_id = ${first.id} and slack_id = 'C1'`
    general = c1!.channel_id
    await kit.claim(owner, ws, ann)
    // renamed in Chorus since: a later import must not undo that
    ok(await as(owner).from('channels').update({ name: 'all-hands' }).eq('id', general).select())
    // Ann reads #general to its end
    await stack.sql`
      update public.channel_members cm set last_read_seq = c.last_seq from public.channels c
      where c.id = cm.channel_id and cm.channel_id = ${general} and cm.user_id = ${ann.id}`
    await kit.settled()
    before = await everything(ws)
    objectsBefore = await objects(ws)
    expect(before.messages.length).toBeGreaterThan(5)
    expect(objectsBefore).toHaveLength(1)
  })

  afterAll(async () => {
    await stack.sql`delete from private.import_settings`
  })

  it('shows nothing of itself while it runs, and a cancel leaves everything as it was', async () => {
    const running = await halfway(ws, zips.newer)
    // Ann, a member of #general, reads it: nothing new, no new number
    const seen = ok(
      await as(ann).from('messages').select('body').eq('channel_id', general).order('created_at')
    ) as { body: string }[]
    expect(seen.map((m) => m.body)).not.toContain('a newer message')
    expect(await everything(ws)).toEqual(before)

    ok(await as(owner).rpc('cancel_import', { p_import: running.id }).single())
    expect(await kit.row(running.id)).toMatchObject({ status: 'cancelled' })
    expect(await everything(ws)).toEqual(before)
    // the newer file it had copied is removed; the earlier one stays
    await kit.settled()
    await waitFor('the held file to be removed', async () =>
      JSON.stringify(await objects(ws)) === JSON.stringify(objectsBefore) ? true : undefined
    )
    const [held] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from private.import_staged where import_id = ${running.id}`
    expect(held!.n).toBe(0)
  })

  it('leaves everything as it was when it fails', async () => {
    const running = await halfway(ws, zips.newer)
    // the archive is gone: the next slice cannot read it and fails the import
    ok(
      await as(owner)
        .storage.from('imports')
        .remove([`${ws}/newer.zip`])
    )
    expect((await kit.callFunction(running.id)).status).toBe(200)
    expect(await kit.row(running.id)).toMatchObject({
      status: 'failed',
      error: 'The archive could not be read from Storage; upload it again. (archive_unreadable)',
    })
    expect(await everything(ws)).toEqual(before)
    await kit.settled()
    await waitFor('the held file to be removed', async () =>
      JSON.stringify(await objects(ws)) === JSON.stringify(objectsBefore) ? true : undefined
    )
  })

  it('adds only what is new once done, and keeps what Chorus changed', async () => {
    await stack.sql`delete from private.import_settings`
    const done = await kit.ended(
      (await kit.start(owner, ws, await kit.upload(owner, ws, zips.newer, 'newer.zip'))).id
    )
    expect(done).toMatchObject({ status: 'done', messages_done: 3, files_done: 1 })
    const after = await everything(ws)
    // every earlier message is there as it was
    expect(after.messages).toEqual(expect.arrayContaining(before.messages))
    const added = after.messages.filter(
      (m) => !before.messages.some((b) => b.id === m.id)
    ) as unknown as { body: string; parent_id: string | null; channel_id: string }[]
    expect(added.map((m) => m.body).sort()).toEqual([
      'a newer file',
      'a newer message',
      'a newer reply',
    ])
    expect(added.every((m) => m.channel_id === general)).toBe(true)
    const reply = added.find((m) => m.body === 'a newer reply')!
    expect(reply.parent_id).not.toBeNull()
    expect(before.messages.some((m) => m.id === reply.parent_id)).toBe(true)
    expect(after.reactions).toEqual(expect.arrayContaining(before.reactions))
    expect(after.reactions.length).toBe(before.reactions.length + 1)
    const again = await kit.placeholderOf(ws, ann.email)
    expect(again).toBeDefined()
    expect(again).not.toBe(ann.id)
    expect(after.reactions).toContainEqual(expect.objectContaining({ user_id: again, emoji: '🎉' }))
    expect(after.messages).toContainEqual(
      expect.objectContaining({ body: 'a newer message', author_id: again })
    )
    expect(after.attachments).toEqual(expect.arrayContaining(before.attachments))
    expect(after.attachments.length).toBe(before.attachments.length + 1)
    const [channel] = after.channels.filter((c) => c.id === general)
    const [was] = before.channels.filter((c) => c.id === general)
    expect(channel).toMatchObject({ name: 'all-hands', topic: was!.topic, kind: was!.kind })
    // Ann had read everything: she still has
    const annRead = after.members.find((m) => m.channel_id === general && m.user_id === ann.id)
    expect(annRead!.last_read_seq).toBe(channel!.last_seq)
    expect(after.search[0]!.n).toBe(before.search[0]!.n + 3)
    expect(await brokenInvariants(stack.sql, ws)).toEqual([])
    // Claimed again, it is Ann's, nothing doubled.
    await kit.claim(owner, ws, ann)
    const claimed = await everything(ws)
    expect(claimed.reactions.length).toBe(after.reactions.length)
    expect(claimed.reactions).toContainEqual(
      expect.objectContaining({ user_id: ann.id, emoji: '🎉' })
    )
    expect(claimed.messages).toContainEqual(
      expect.objectContaining({ body: 'a newer message', author_id: ann.id })
    )
    expect(await brokenInvariants(stack.sql, ws)).toEqual([])
  })
})
