// History through the one message pipeline (issue 70, item 1): an import's batch is inserted into
// a channel people are in, as private.import_insert does it, and its rows say they are history
// (import_id) with no session flag needed for the messages: they are numbered after the
// channel's last message and its thread's last reply, threaded, indexed and counted as before,
// but nobody is told (no live frame on the channel's or anyone's topic, no mail, push or event
// queued, no link preview asked for), while a message sent beside them tells as always. A
// signed-in person cannot write history. The import's rows of other tables: imports-quiet-rows.
// The import over HTTP: imports.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asUser, buildWorld, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

/** What anyone was told of these messages: live frames, mails, pushes, events, link previews. */
async function toldOf(ids: string[], channel: string) {
  const sql = stack.sql
  const like = ids.map((id) => `%${id}%`)
  const [told] = await sql<
    { live: number; mail: number; push: number; events: number; previews: number }[]
  >`
    select
      (select count(*)::int from realtime.messages r
        where r.topic = ${`live:channel:${channel}`} or r.payload::text like any (${like})) as live,
      (select count(*)::int from private.email_queue q where q.message_id = any (${ids}::uuid[])) as mail,
      (select count(*)::int from private.push_queue q where q.message_id = any (${ids}::uuid[])) as push,
      (select count(*)::int from public.event_deliveries d where d.payload::text like any (${like})) as events,
      (select count(*)::int from public.link_previews p where p.message_id = any (${ids}::uuid[])) as previews`
  return told!
}

describe('an imported batch', () => {
  it('is numbered, threaded and indexed like any message, and tells nobody', async () => {
    const sql = stack.sql
    const { plaza } = world.ch
    const { member, admin, owner } = world.people
    await makeMessage(sql, member, plaza, 'before the import')
    const [channel] = await sql<{ last: string }[]>`
      select last_seq::text as last from public.channels where id = ${plaza}`
    const lastBefore = channel!.last
    // Nothing on the channel's topic from here on but what the import would send.
    await sql`delete from realtime.messages where topic = ${`live:channel:${plaza}`}`

    const [imp] = await sql<{ id: string }[]>`
      insert into public.imports (workspace_id, started_by, source_path, status)
      values (${world.ws}, ${owner.id}, ${`${world.ws}/quiet.zip`}, 'running') returning id`
    await sql`
      insert into private.import_channels (import_id, slack_id, channel_id, kind, name, existing)
      values (${imp!.id}, 'C1', ${plaza}, 'public', 'plaza', true)`
    const [top, reply, shown, deleted, empty, stray] = [1, 2, 3, 4, 5, 6].map(() =>
      randomUUID()
    ) as [string, string, string, string, string, string]
    const at = (minute: number) => `2024-03-01T10:0${minute}:00Z`
    const rows = [
      {
        id: top,
        channel_id: plaza,
        author_id: admin.id,
        created_at: at(0),
        body: `<@${member.id}> <!channel> see https://example.com/a`,
      },
      {
        id: reply,
        channel_id: plaza,
        author_id: member.id,
        parent_id: top,
        created_at: at(1),
        body: 'a reply',
      },
      {
        id: shown,
        channel_id: plaza,
        author_id: admin.id,
        parent_id: top,
        in_channel: true,
        created_at: at(2),
        body: `also in the channel, <@${member.id}>`,
      },
      {
        id: deleted,
        channel_id: plaza,
        author_id: admin.id,
        created_at: at(3),
        body: 'gone',
        deleted: true,
      },
      { id: empty, channel_id: plaza, author_id: admin.id, created_at: at(4), body: '' },
      // a reply whose parent is no message of this channel's: put in the channel
      {
        id: stray,
        channel_id: plaza,
        author_id: admin.id,
        parent_id: randomUUID(),
        created_at: at(5),
        body: 'stray reply',
      },
    ]
    const [done] = await sql<{ messages: number }[]>`
      select (private.import_insert(${imp!.id}, ${world.ws}, ${sql.json(rows)}, '[]', '[]')).messages`
    expect(done!.messages).toBe(6)
    // the same batch again: nothing twice
    const [again] = await sql<{ messages: number }[]>`
      select (private.import_insert(${imp!.id}, ${world.ws}, ${sql.json(rows)}, '[]', '[]')).messages`
    expect(again!.messages).toBe(0)

    const base = Number(lastBefore)
    const got = await sql<
      {
        id: string
        seq: string | null
        thread_seq: string | null
        parent_id: string | null
        in_channel: boolean
        body: string
        mentions: string[]
        history: boolean
      }[]
    >`
      select id, seq::text, thread_seq::text, parent_id, in_channel, body, mentions,
        import_id = ${imp!.id} as history
      from public.messages where id = any (${rows.map((r) => r.id)}::uuid[]) order by created_at`
    expect(got).toEqual([
      {
        id: top,
        seq: String(base + 1),
        thread_seq: null,
        parent_id: null,
        in_channel: true,
        body: rows[0]!.body,
        mentions: [member.id],
        history: true,
      },
      {
        id: reply,
        seq: null,
        thread_seq: '1',
        parent_id: top,
        in_channel: false,
        body: 'a reply',
        mentions: [],
        history: true,
      },
      {
        id: shown,
        seq: String(base + 2),
        thread_seq: '2',
        parent_id: top,
        in_channel: true,
        body: rows[2]!.body,
        mentions: [member.id],
        history: true,
      },
      {
        id: deleted,
        seq: String(base + 3),
        thread_seq: null,
        parent_id: null,
        in_channel: true,
        body: '',
        mentions: [],
        history: true,
      },
      {
        id: empty,
        seq: String(base + 4),
        thread_seq: null,
        parent_id: null,
        in_channel: true,
        body: '',
        mentions: [],
        history: true,
      },
      {
        id: stray,
        seq: String(base + 5),
        thread_seq: null,
        parent_id: null,
        in_channel: true,
        body: 'stray reply',
        mentions: [],
        history: true,
      },
    ])
    const [counted] = await sql<
      { last_seq: string; replies: number; thread_last: string; indexed: number }[]
    >`
      select c.last_seq::text, t.reply_count as replies, t.last_seq::text as thread_last,
        (select count(*)::int from private.message_search s
          where s.message_id = any (${[top, reply, shown, stray]}::uuid[])) as indexed
      from public.channels c, public.threads t where c.id = ${plaza} and t.id = ${top}`
    expect(counted).toEqual({
      last_seq: String(base + 5),
      replies: 2,
      thread_last: '2',
      indexed: 4,
    })
    expect(
      await toldOf(
        rows.map((r) => r.id),
        plaza
      )
    ).toEqual({
      live: 0,
      mail: 0,
      push: 0,
      events: 0,
      previews: 0,
    })

    // The row says it is history, not the session: inserted with no import flag set, it tells
    // nobody either.
    const alone = randomUUID()
    await sql`
      select private.messages_insert_history(${imp!.id}, ${sql.json([
        {
          id: alone,
          channel_id: plaza,
          author_id: admin.id,
          body: `<@${member.id}> history alone`,
        },
      ])})`
    const [aloneRow] = await sql<{ seq: string; mentions: string[] }[]>`
      select seq::text, mentions from public.messages where id = ${alone}`
    expect(aloneRow).toEqual({ seq: String(base + 6), mentions: [member.id] })
    expect(await toldOf([alone], plaza)).toEqual({
      live: 0,
      mail: 0,
      push: 0,
      events: 0,
      previews: 0,
    })

    // A message sent beside it is news as always (the counts above can see it).
    const sent = await makeMessage(sql, admin, plaza, `<@${member.id}> now`)
    const told = await toldOf([sent], plaza)
    expect(told.live).toBeGreaterThan(0)
    expect(told.mail).toBe(1)
    const [sentRow] = await sql<{ seq: string }[]>`
      select seq::text from public.messages where id = ${sent}`
    expect(sentRow!.seq).toBe(String(base + 7))
  })

  it('is written by the import alone: a signed-in person cannot write history', async () => {
    const { member } = world.people
    const [imp] = await stack.sql<{ id: string }[]>`select id from public.imports limit 1`
    for (const numbered of [false, true]) {
      await expect(
        asUser(stack.sql, member, (tx) =>
          numbered
            ? tx`insert into public.messages (id, channel_id, author_id, body, in_channel, seq, import_id)
                values (${randomUUID()}, ${world.ch.plaza}, ${member.id}, 'quiet?', true, 999999, ${imp!.id})`
            : tx`insert into public.messages (id, channel_id, author_id, body, import_id)
                values (${randomUUID()}, ${world.ch.plaza}, ${member.id}, 'quiet?', ${imp!.id})`
        )
      ).rejects.toMatchObject({ detail: 'import_internal_only' })
    }
  })
})
