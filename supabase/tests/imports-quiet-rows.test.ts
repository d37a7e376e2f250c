// The import's rows of other tables say they are history as its messages do (imports-quiet), on the
// row, with no session flag (there is none: private.importing() and chorus.importing went with
// 20261217130000_chorus_import_quiet_on_the_row.sql): an import of people, channels, memberships,
// who may post, reactions, files and a forward, and the threads, followers and channel numbers
// its history makes, tells nobody (no live frame on the workspace's, anyone's or a channel's
// topic, no audit entry, no outgoing event), nor does its undo, while the same writes by people,
// or by the database once the import is done, tell as always. A person cannot set import_id.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import {
  asRole,
  asUser,
  buildWorld,
  makeMessage,
  makeMessageWithFile,
  makeReaction,
  makeStoredObject,
} from './support/world.ts'
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

/** What anyone was told since t0: live frames (the import's own progress aside), audit, events. */
async function toldSince(t0: string) {
  const [told] = await stack.sql<{ live: string[]; audit: string[]; events: string[] }[]>`
    select
      (select coalesce(array_agg(r.topic || ' ' || coalesce(r.payload ->> 'table', '')
          order by r.inserted_at), '{}')
        from realtime.messages r
        where r.inserted_at >= ${t0}::timestamptz
          and r.payload ->> 'table' is distinct from 'imports') as live,
      (select coalesce(array_agg(a.action order by a.id), '{}') from public.audit_log a
        where a.workspace_id = ${world.ws} and a.occurred_at >= ${t0}::timestamptz) as audit,
      (select coalesce(array_agg(d.event_type order by d.id), '{}') from public.event_deliveries d
        where d.workspace_id = ${world.ws} and d.created_at >= ${t0}::timestamptz) as events`
  return told!
}

async function clock() {
  const [row] = await stack.sql<{ t: string }[]>`select clock_timestamp()::text as t`
  return row!.t
}

describe("an import's other rows", () => {
  it('tell nobody: people, channels, members, reactions, files, a forward', async () => {
    const sql = stack.sql
    const { plaza } = world.ch
    const { owner, admin, member } = world.people
    // An app listening to everything the import would otherwise send.
    await sql`
      insert into public.event_subscriptions (workspace_id, url, event_types, created_by,
        url_verified)
      values (${world.ws}, 'https://example.com/events',
        ${['team_join', 'member_joined_channel', 'reaction_added', 'message']}, ${owner.id}, true)`
    const original = await makeMessage(sql, admin, plaza, 'the original')
    const [imp] = await sql<{ id: string }[]>`
      insert into public.imports (workspace_id, started_by, source_path, status)
      values (${world.ws}, ${owner.id}, ${`${world.ws}/others.zip`}, 'running') returning id`
    const t0 = await clock()

    await sql`select private.import_people(${imp!.id}, ${sql.json([
      { slack_id: 'U1', name: 'Ada From Slack', email: `ada-${randomUUID()}@example.com` },
    ])})`
    const [ada] = await sql<{ id: string }[]>`
      select user_id as id from private.import_people where import_id = ${imp!.id}`
    const made = randomUUID()
    const name = `history-${made.slice(0, 8)}`
    await sql`select private.import_channels(${imp!.id}, ${sql.json([
      {
        slack_id: 'C1',
        id: made,
        kind: 'public',
        name,
        topic: 'from Slack',
        members: [owner.id, member.id, ada!.id],
        created_by: owner.id,
        posting: { who: 'listed', people: [owner.id] },
      },
      { slack_id: 'C2', id: plaza, kind: 'public', name: 'plaza', members: [ada!.id] },
    ])}, 4, 1)`
    const [top, reply, there, shared] = [1, 2, 3, 4].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
    ]
    const file = `${world.ws}/${made}/${top}/notes.txt`
    await makeStoredObject(sql, 'attachments', file, owner)
    const rows = [
      {
        id: top,
        channel_id: made,
        author_id: owner.id,
        body: 'a topic',
        created_at: '2024-03-01T10:00:00Z',
      },
      {
        id: reply,
        channel_id: made,
        author_id: member.id,
        parent_id: top,
        body: `a reply to <@${owner.id}>`,
        created_at: '2024-03-01T10:01:00Z',
      },
      {
        id: there,
        channel_id: plaza,
        author_id: ada!.id,
        body: 'in plaza',
        created_at: '2024-03-01T10:02:00Z',
      },
      {
        id: shared,
        channel_id: made,
        author_id: owner.id,
        body: '',
        created_at: '2024-03-01T10:03:00Z',
        forward: {
          message_id: original,
          channel_id: plaza,
          author_id: admin.id,
          body: 'the original',
        },
      },
    ]
    const [done] = await sql<{ messages: number; files: number }[]>`
      select (r).messages, (r).files from (
        select private.import_insert(${imp!.id}, ${world.ws}, ${sql.json(rows)},
          ${sql.json([
            { message_id: top, user_id: member.id, emoji: '🎉' },
            { message_id: original, user_id: ada!.id, emoji: '👀' },
          ])},
          ${sql.json([{ message_id: top, path: file, name: 'notes.txt' }])}) as r) x`
    expect(done).toEqual({ messages: 4, files: 1 })
    await sql`select private.import_finish(${imp!.id}, '[]')`

    // All of it is there and counted...
    const [kept] = await sql<
      {
        channel: string
        members: number
        in_plaza: number
        reactions: number
        files: number
        forwards: number
        posters: number
        replies: number
        followers: number
        person: number
      }[]
    >`
      select
        (select c.name from public.channels c where c.id = ${made}) as channel,
        (select count(*)::int from public.channel_members cm where cm.channel_id = ${made}) as members,
        (select count(*)::int from public.channel_members cm
          where cm.channel_id = ${plaza} and cm.user_id = ${ada!.id}) as in_plaza,
        (select count(*)::int from public.reactions r
          where r.message_id in (${top}, ${original}) and r.import_id = ${imp!.id}) as reactions,
        (select count(*)::int from public.attachments a where a.message_id = ${top}) as files,
        (select count(*)::int from public.message_forwards f where f.id = ${shared}) as forwards,
        (select count(*)::int from public.channel_posters p where p.channel_id = ${made}) as posters,
        (select t.reply_count from public.threads t where t.id = ${top}) as replies,
        (select count(*)::int from public.thread_members tm where tm.thread_id = ${top}) as followers,
        (select count(*)::int from public.workspace_members wm
          where wm.workspace_id = ${world.ws} and wm.user_id = ${ada!.id}) as person`
    expect(kept).toEqual({
      channel: name,
      members: 3,
      in_plaza: 1,
      reactions: 2,
      files: 1,
      forwards: 1,
      posters: 1,
      replies: 1,
      followers: 2,
      person: 1,
    })
    // ...and nobody was told but by the import's own report.
    expect(await toldSince(t0)).toEqual({ live: [], audit: ['import.finished'], events: [] })

    // Done, the same rows tell again when written: the database renaming the channel...
    const t1 = await clock()
    await sql`update public.channels set topic = 'renamed after' where id = ${made}`
    expect((await toldSince(t1)).live).toContain(`live:workspace:${world.ws} channels`)
  })

  it('undone, tell nobody either: only the import says it was cancelled', async () => {
    const sql = stack.sql
    const { owner, member } = world.people
    const [imp] = await sql<{ id: string }[]>`
      insert into public.imports (workspace_id, started_by, source_path, status)
      values (${world.ws}, ${owner.id}, ${`${world.ws}/undone.zip`}, 'running') returning id`
    await sql`select private.import_people(${imp!.id}, ${sql.json([
      { slack_id: 'U9', name: 'Bo From Slack', email: `bo-${randomUUID()}@example.com` },
    ])})`
    const made = randomUUID()
    const top = randomUUID()
    await sql`select private.import_channels(${imp!.id}, ${sql.json([
      { slack_id: 'C9', id: made, kind: 'public', name: 'undone', members: [owner.id] },
    ])}, 2, 0)`
    await sql`select private.import_insert(${imp!.id}, ${world.ws}, ${sql.json([
      { id: top, channel_id: made, author_id: owner.id, body: 'soon gone' },
      { id: randomUUID(), channel_id: made, author_id: member.id, parent_id: top, body: 'a reply' },
    ])}, ${sql.json([{ message_id: top, user_id: member.id, emoji: '👋' }])}, '[]')`
    const t0 = await clock()
    await sql`select private.import_undo(${imp!.id}, 'cancelled', null)`
    const [gone] = await sql<{ channels: number; people: number }[]>`
      select (select count(*)::int from public.channels where id = ${made}) as channels,
        (select count(*)::int from public.workspace_members wm
          join private.import_people ip on ip.user_id = wm.user_id and ip.import_id = ${imp!.id}
          where wm.workspace_id = ${world.ws}) as people`
    expect(gone).toEqual({ channels: 0, people: 0 })
    expect(await toldSince(t0)).toEqual({ live: [], audit: ['import.cancelled'], events: [] })
  })

  it('while the same writes by people tell', async () => {
    const sql = stack.sql
    const { plaza } = world.ch
    const { owner, admin, member } = world.people
    const t0 = await clock()
    const made = await asUser(sql, owner, async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        select id from public.create_channel(${world.ws}, ${`people-${randomUUID().slice(0, 8)}`},
          'public', '', ${[admin.id]})`
      await tx`select public.add_channel_members(${row!.id}, ${[member.id]})`
      await tx`select public.set_channel_posting(${row!.id}, 'listed', true, ${[admin.id]})`
      return row!.id
    })
    const { message } = await makeMessageWithFile(sql, admin, plaza)
    await makeReaction(sql, member, message, '🎉')
    const told = await toldSince(t0)
    expect(told.audit).toEqual(
      expect.arrayContaining(['channel.created', 'channel.posting_changed', 'channel.poster_added'])
    )
    expect(told.live).toEqual(
      expect.arrayContaining([
        `live:workspace:${world.ws} channels`,
        `live:workspace:${world.ws} channel_roster`,
        `live:user:${member.id} channel_members`,
        `live:channel:${made} channel_posting`,
        `live:channel:${made} channel_posters`,
        `live:channel:${plaza} attachments`,
        `live:channel:${plaza} reactions`,
        `live:user:${admin.id} activity`,
      ])
    )
    expect(told.events).toEqual(
      expect.arrayContaining(['member_joined_channel', 'reaction_added', 'message'])
    )
  })

  it('is written by the import alone: a signed-in person cannot set import_id', async () => {
    const { member, owner } = world.people
    const { plaza } = world.ch
    const [imp] = await stack.sql<{ id: string }[]>`select id from public.imports limit 1`
    const message = await makeMessage(stack.sql, member, plaza, 'react quietly?')
    await expect(
      asRole(
        stack.sql,
        member,
        (tx) =>
          tx`insert into public.reactions (message_id, user_id, emoji, import_id)
          values (${message}, ${member.id}, '🤫', ${imp!.id})`
      )
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asRole(
        stack.sql,
        owner,
        (tx) =>
          tx`insert into public.channels (workspace_id, kind, name, created_by, import_id)
          values (${world.ws}, 'public', 'hush', ${owner.id}, ${imp!.id})`
      )
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asRole(
        stack.sql,
        owner,
        (tx) =>
          tx`update public.channel_members set import_id = ${imp!.id}
          where channel_id = ${plaza} and user_id = ${owner.id}`
      )
    ).rejects.toMatchObject({ code: '42501' })
  })
})
