// The Slack import over HTTP with supabase-js against the real stack (its Edge Function, pg_net,
// Storage, Auth): an owner uploads Slack's export and starts the import; people are matched by
// email or invited, channels, DMs, threads, reactions, mentions, links, edits and files come
// over, searchable by the members; historic messages queue no emails; importing again doubles
// nothing; an import stopped between slices (and replaying a batch) ends the same; a cancel
// removes what it added; non-owners are refused; a Chorus export keeps its markdown and brings
// its files from the zip; more newcomers than Auth may email get accounts without an invitation,
// reported. Hostile archives: import-hostile.test.ts.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { importKit, ok } from './support/imports.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Joined } from './support/realtime.ts'
import { teamExport, zipOf } from './support/slack-export.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
let stack: TestStack
let files: Server
let fileUrl: string
let owner: Person
let ann: Person
let stranger: Person
const kit = importKit(() => stack)
const { as } = kit
const emails = (): [string, string, string] => [
  ann.email,
  `ben-${ann.id.slice(0, 6)}@example.test`,
  `cat-${ann.id.slice(0, 6)}@example.test`,
]

beforeAll(async () => {
  files = createServer((request, response) => {
    if (request.url === '/diagram.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/diagram.png`
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
  stack = await startTestStack({ workdir })
  ;[owner, ann, stranger] = (await Promise.all(
    ['Olga Owner', 'Ann Existing', 'Sam Stranger'].map((n) => createPerson(stack, n))
  )) as [Person, Person, Person]
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
  await stack?.stop()
  files?.close()
})

interface Msg {
  id: string
  body: string
  parent_id: string | null
  in_channel: boolean
  created_at: string
  edited_at: string | null
  author_id: string | null
  mentions: string[]
}

async function channelsOf(ws: string) {
  return stack.sql<
    {
      id: string
      name: string | null
      kind: string
      archived_at: Date | null
      topic: string
      last_seq: string
      dm_key: string | null
    }[]
  >`
    select id, name, kind::text, archived_at, topic, last_seq::text, dm_key from public.channels
    where workspace_id = ${ws} and not is_default order by name nulls last, dm_key`
}

describe('a Slack export', () => {
  let ws: string
  let zipPath: string
  let first: Awaited<ReturnType<typeof kit.ended>>
  const ownerHeard = new Inbox()
  const annHeard = new Inbox()
  let ownerLive: Joined | undefined
  let annLive: Joined | undefined

  beforeAll(async () => {
    ws = await kit.workspace(owner, 'Moved from Slack')
    zipPath = await kit.upload(owner, ws, zipOf(teamExport({ emails: emails(), fileUrl })))
    ownerLive = await joinPrivate(stack, owner, liveTopic.user(owner.id), ownerHeard)
    annLive = await joinPrivate(stack, ann, liveTopic.user(ann.id), annHeard)
    expect([ownerLive.joined, annLive.joined]).toEqual([true, true])
    const started = await kit.start(owner, ws, zipPath)
    expect(started).toMatchObject({ status: 'queued', workspace_id: ws })
    first = await kit.ended(started.id)
  })

  afterAll(async () => {
    await Promise.all([ownerLive, annLive].map((joined) => joined && leave(joined)))
  })

  it("shows its progress live to the workspace's owners, and floods nobody with history", async () => {
    await ownerHeard.until((h) => h.payload.table === 'imports' && recordOf(h).status === 'done')
    const progress = ownerHeard.heard
      .filter((h) => h.payload.table === 'imports')
      .map((h) => recordOf(h))
    expect(progress[0]).toMatchObject({ status: 'queued' })
    expect(progress.at(-1)).toMatchObject({ status: 'done', messages_done: 13 })
    // (the workspace's own creation may still arrive: what is about the imported channels would be
    // the flood)
    const imported = new Set((await channelsOf(ws)).map((c) => c.id))
    const history = [...ownerHeard.heard, ...annHeard.heard].filter(
      (h) => imported.has(String(recordOf(h).channel_id)) || imported.has(String(recordOf(h).id))
    )
    expect(history).toEqual([])
  })

  it('imports people, channels and conversations, with a report of what it could not', async () => {
    expect(first).toMatchObject({
      status: 'done',
      error: null,
      people: 3,
      channels: 5,
      messages_total: 13,
      messages_done: 13,
      files_total: 2,
      files_done: 1,
    })
    expect(first.report).toEqual([
      {
        file: 'general/2024-03-01.json',
        index: 6,
        reason: 'The file "gone.txt" could not be imported: the link answered 404.',
      },
    ])
    const channels = await channelsOf(ws)
    expect(channels.map((c) => [c.name, c.kind, c.archived_at !== null, c.topic])).toEqual([
      ['general-slack', 'public', false, 'Company-wide'],
      ['old-project', 'public', true, 'Finished'],
      ['secret-plans', 'private', false, 'Hush'],
      [null, 'dm', false, ''],
      [null, 'dm', false, ''],
    ])
    // Ann's account is matched by her email; Ben and Cat are invited (accounts that cannot sign
    // in yet, with the workspace's email invites), and all three are members.
    const people = await stack.sql<{ email: string; invited: boolean; role: string }[]>`
      select u.email, u.invited_at is not null as invited, wm.role::text
      from public.workspace_members wm join auth.users u on u.id = wm.user_id
      where wm.workspace_id = ${ws}`
    expect([...people].sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [
        { email: ann.email, invited: false, role: 'member' },
        { email: emails()[1], invited: true, role: 'member' },
        { email: emails()[2], invited: true, role: 'member' },
        { email: owner.email, invited: false, role: 'owner' },
      ].sort((a, b) => a.email.localeCompare(b.email))
    )
    const invites = await stack.sql`
      select email from public.invites where workspace_id = ${ws} order by email`
    expect(invites.map((i) => i.email)).toEqual([emails()[1], emails()[2]])
    // Ann sees the conversations she was in, and not the others'.
    const seen = ok(await as(ann).from('channels').select('name, kind').eq('workspace_id', ws))
    expect(seen.length).toBe(6) // the default channel, general-slack, old-project, secret-plans, 2 DMs
    // Everyone imported is in the default channel, as accepting an invite makes them.
    const [inDefault] = await stack.sql`
      select count(*)::int as n from public.channel_members cm
      join public.channels c on c.id = cm.channel_id
      where c.workspace_id = ${ws} and c.is_default`
    expect(inDefault!.n).toBe(4)
  })

  it('keeps threads, edits, times, mentions, links, reactions and files, and is searchable', async () => {
    const [general] = (await channelsOf(ws)).filter((c) => c.name === 'general-slack')
    const messages = ok(
      await as(ann)
        .from('messages')
        .select('id, body, parent_id, in_channel, created_at, edited_at, author_id, mentions')
        .eq('channel_id', general!.id)
        .order('created_at')
    ) as Msg[]
    const [ben] = await stack.sql<
      { id: string }[]
    >`select id from auth.users where email = ${emails()[1]}`
    const [oldProject] = (await channelsOf(ws)).filter((c) => c.name === 'old-project')
    const [parent, reply, broadcast, bot, diagram] = messages
    expect(parent).toMatchObject({
      body: `Kickoff **plan** for [#old-project](/w/${ws}/c/${oldProject!.id}): see [the plan](<https://example.com/plan?a=1&b=2>) & ask <@${ben!.id}>`,
      parent_id: null,
      created_at: '2024-03-01T09:00:00+00:00',
      edited_at: '2024-03-01T09:03:00+00:00',
      author_id: ann.id,
      mentions: [ben!.id],
    })
    expect(reply).toMatchObject({
      body: 'Sounds ~~good~~ _great_, zebrafish',
      parent_id: parent!.id,
      in_channel: false,
    })
    expect(broadcast).toMatchObject({
      body: 'Shipping it <!here> `x < y`',
      parent_id: parent!.id,
      in_channel: true,
    })
    expect(bot).toMatchObject({ body: '**deploybot (bot)**: Deployed v2', author_id: null })
    const [thread] =
      await stack.sql`select reply_count from public.threads where id = ${parent!.id}`
    expect(thread!.reply_count).toBe(2)
    expect(await brokenInvariants(ws)).toEqual([])
    // A thread whose first message was deleted in Slack: a deleted message with its reply.
    const [secret] = (await channelsOf(ws)).filter((c) => c.name === 'secret-plans')
    const inSecret = ok(
      await as(ann)
        .from('messages')
        .select('id, body, parent_id, deleted_at')
        .eq('channel_id', secret!.id)
        .order('created_at')
    ) as { id: string; body: string; parent_id: string | null; deleted_at: string | null }[]
    expect(inSecret.map((m) => [m.body, m.deleted_at !== null])).toEqual([
      ['> quoted\nsecret pelican', false],
      ['', true],
      ['answer to a deleted question', false],
    ])
    expect(inSecret[2]!.parent_id).toBe(inSecret[1]!.id)
    const reactions = ok(
      await as(ann).from('reactions').select('emoji, user_id').eq('message_id', parent!.id)
    ) as { emoji: string }[]
    expect(reactions.map((r) => r.emoji).sort()).toEqual([':party_parrot:', '👍', '👍'].sort())
    const attachments = ok(
      await as(ann)
        .from('attachments')
        .select('name, path, mime_type, size')
        .eq('message_id', diagram!.id)
    )
    expect(attachments).toEqual([
      {
        name: 'diagram.png',
        path: `${ws}/${general!.id}/${diagram!.id}/diagram.png`,
        mime_type: 'image/png',
        size: 4,
      },
    ])
    const download = await as(ann)
      .storage.from('attachments')
      .download(`${ws}/${general!.id}/${diagram!.id}/diagram.png`)
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(PNG)
    for (const [word, expected] of [
      ['zebrafish', reply!.id],
      ['narwhals', null],
    ] as const) {
      const found = ok(
        await as(ann).rpc('search_messages', { p_workspace_id: ws, p_terms: [word] })
      ) as { id: string }[]
      expect(found).toHaveLength(1)
      if (expected) expect(found[0]!.id).toBe(expected)
    }
  })

  it('sends nothing for history: no emails queued, everything read, audit entries only', async () => {
    const [emailsQueued] = await stack.sql`
      select count(*)::int as n from private.email_queue where workspace_id = ${ws}`
    expect(emailsQueued!.n).toBe(0)
    const unread = await stack.sql`
      select c.name from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where c.workspace_id = ${ws} and cm.last_read_seq < c.last_seq`
    expect(unread).toEqual([])
    const audit = await stack.sql`
      select action from public.audit_log where workspace_id = ${ws} and action like 'import.%' order by id`
    expect(audit.map((a) => a.action)).toEqual(['import.started', 'import.finished'])
  })

  it('imports the same archive again without doubling anything', async () => {
    const count = async () =>
      (
        await stack.sql`
        select (select count(*) from public.messages m join public.channels c on c.id = m.channel_id where c.workspace_id = ${ws})::int as messages,
          (select count(*) from public.reactions r join public.channels c on c.id = r.channel_id where c.workspace_id = ${ws})::int as reactions,
          (select count(*) from public.channels c where c.workspace_id = ${ws})::int as channels,
          (select count(*) from public.attachments a join public.channels c on c.id = a.channel_id where c.workspace_id = ${ws})::int as files`
      )[0]
    const before = await count()
    const again = await kit.ended((await kit.start(owner, ws, zipPath)).id)
    expect(again).toMatchObject({ status: 'done', messages_done: 0 })
    expect(await count()).toEqual(before)
  })

  it('goes on from its checkpoint after a slice stops, replayed batches doubling nothing', async () => {
    await stack.sql`
      insert into private.import_settings (name, value)
      values ('slice_batches', '2'), ('batch_messages', '2'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const resumedWs = await kit.workspace(owner, 'Resumed')
      const resumedPath = await kit.upload(
        owner,
        resumedWs,
        zipOf(teamExport({ emails: emails(), fileUrl }))
      )
      const started = await kit.start(owner, resumedWs, resumedPath)
      let slices = 1
      let replayed = false
      for (;;) {
        // Each slice does two batches and stops without calling the next one: the test calls
        // the function as the cron job does for an import whose slice is gone.
        const current = await waitFor('the slice to stop', async () => {
          const found = await kit.row(started.id)
          if (found.status === 'running' && found.heartbeat_at === null) return found
          return ['done', 'failed', 'cancelled'].includes(found.status) ? found : undefined
        })
        if (current.status !== 'running') {
          expect(current).toMatchObject({ status: 'done', messages_done: 13, files_done: 1 })
          break
        }
        if (
          !replayed &&
          current.checkpoint.phase === 'messages' &&
          Number(current.checkpoint.day) > 0
        ) {
          // As if the batches after this checkpoint had committed and the slice died before
          // recording it: the next slice does them again.
          await stack.sql`
            update public.imports set checkpoint = ${stack.sql.json({ phase: 'messages', conversation: 0, day: 0, offset: 0 })}
            where id = ${started.id}`
          replayed = true
        }
        if (slices % 2 === 0) {
          // The cron job's own command, for an import whose heartbeat is over a minute old.
          const [job] = await stack.sql<{ command: string }[]>`
            select command from cron.job where jobname = 'chorus-imports'`
          expect(job!.command).toBe('select private.kick_stale_imports()')
          await stack.sql`
            update public.imports set heartbeat_at = now() - interval '61 seconds' where id = ${started.id}`
          await stack.sql.unsafe(job!.command)
        } else expect((await kit.callFunction(started.id)).status).toBe(200)
        slices += 1
      }
      expect(replayed).toBe(true)
      expect(slices).toBeGreaterThan(3)
      expect(await snapshot(resumedWs)).toEqual(await snapshot(ws))
      expect(await brokenInvariants(resumedWs)).toEqual([])
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})

/**
 * What an import's set-based batches must leave as the per-row triggers leave a message sent:
 * each channel numbered 1..n with its last_seq the last; each thread numbered 1..n with its
 * counters and last three repliers; whoever replied or was mentioned in a thread follows it;
 * every message not deleted in the search index once. Returns what is not so (none: []).
 */
async function brokenInvariants(ws: string): Promise<string[]> {
  const rows = await stack.sql<{ problem: string }[]>`
    with ms as (
      select m.* from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws}
    )
    select 'channel ' || c.name || ': seq ' || coalesce(n.seqs, '{}') || ', last_seq ' || c.last_seq as problem
    from public.channels c
    left join lateral (
      select array_agg(m.seq order by m.seq)::text as seqs, count(*) as n, max(m.seq) as top
      from ms m where m.channel_id = c.id and m.in_channel
    ) n on true
    where c.workspace_id = ${ws}
      and (coalesce(n.top, 0) <> c.last_seq or coalesce(n.top, 0) <> n.n)
    union all
    select 'thread ' || t.id || ': ' || row(t.reply_count, t.last_seq, t.last_reply_at, t.last_repliers)::text
      || ' <> ' || row(x.n, x.top, x.last_at, x.repliers)::text
    from public.threads t
    join lateral (
      select count(*)::int as n, max(m.thread_seq) as top, max(m.created_at) as last_at,
        count(distinct m.thread_seq) as distinct_seqs,
        coalesce((select array_agg(a.author_id order by a.k desc) from (
          select r.author_id, max(r.thread_seq) as k from ms r
          where r.parent_id = t.id and r.author_id is not null
          group by r.author_id order by max(r.thread_seq) desc limit 3
        ) a), '{}') as repliers
      from ms m where m.parent_id = t.id
    ) x on true
    where t.channel_id in (select id from public.channels where workspace_id = ${ws})
      and (t.reply_count <> x.n or t.last_seq <> x.top or x.top <> x.n or x.distinct_seqs <> x.n
        or t.last_reply_at is distinct from x.last_at
        or t.last_repliers <> x.repliers)
    union all
    select 'not following thread ' || m.parent_id || ': ' || u
    from ms m, unnest(array_append(m.mentions, m.author_id)) u
    where m.parent_id is not null and u is not null
      and not exists (select 1 from public.thread_members tm
        where tm.thread_id = m.parent_id and tm.user_id = u and tm.following)
    union all
    select 'search: ' || m.id || ' ' || count(s.message_id)
    from ms m left join private.message_search s on s.message_id = m.id
    group by m.id, m.deleted_at
    having count(s.message_id) <> case when m.deleted_at is null then 1 else 0 end`
  return rows.map((r) => r.problem)
}

/** A workspace's imported history, ids left out. */
async function snapshot(ws: string) {
  return stack.sql`
    select c.name, c.kind::text, c.archived_at is not null as archived,
      regexp_replace(m.body, '[0-9a-f]{8}-[0-9a-f-]{27}', 'id', 'g') as body, m.created_at,
      m.edited_at, m.in_channel, m.parent_id is not null as reply, m.seq, m.thread_seq,
      (select count(*)::int from public.reactions r where r.message_id = m.id) as reactions,
      (select count(*)::int from public.attachments a where a.message_id = m.id) as files
    from public.messages m join public.channels c on c.id = m.channel_id
    where c.workspace_id = ${ws}
    order by m.created_at, m.body`
}

describe('a Chorus export', () => {
  it('keeps its markdown, moves its ids and takes its files from the zip', async () => {
    const source = randomUUID()
    const person = randomUUID()
    const channel = randomUUID()
    const ws = await kit.workspace(owner, 'From Chorus')
    const zip = zipOf({
      'chorus.json': {
        format: 'chorus-export',
        version: 1,
        workspace: { id: source, name: 'Old', slug: 'old' },
        exported_at: '2024-05-02T00:00:00Z',
        kind: 'workspace',
      },
      'users.json': [{ id: person, name: 'ann', profile: { email: ann.email } }],
      'channels.json': [{ id: channel, name: 'notes', created: 1714500000, members: [person] }],
      'notes/2024-05-01.json': [
        {
          type: 'message',
          user: person,
          text: `**kept** *as is* <@${person}> [#notes](/w/${source}/c/${channel})`,
          ts: '1714550400.000000',
          client_msg_id: randomUUID(),
          files: [
            { id: 'F1', name: 'a.txt', mimetype: 'text/plain', chorus_path: 'files/F1/a.txt' },
          ],
        },
      ],
      'files/F1/a.txt': 'hello from the zip',
    })
    const done = await kit.ended((await kit.start(owner, ws, await kit.upload(owner, ws, zip))).id)
    expect(done).toMatchObject({ status: 'done', messages_done: 1, files_done: 1, report: [] })
    const [notes] = (await channelsOf(ws)).filter((c) => c.name === 'notes')
    const [message] = ok(
      await as(ann).from('messages').select('id, body, author_id').eq('channel_id', notes!.id)
    ) as { id: string; body: string; author_id: string }[]
    expect(message).toMatchObject({
      body: `**kept** *as is* <@${ann.id}> [#notes](/w/${ws}/c/${notes!.id})`,
      author_id: ann.id,
    })
    const file = await as(ann)
      .storage.from('attachments')
      .download(`${ws}/${notes!.id}/${message!.id}/a.txt`)
    expect(await file.data!.text()).toBe('hello from the zip')
  })
})

describe('owners only', () => {
  it('refuses to start, cancel, upload or show imports to anyone else', async () => {
    const ws = await kit.workspace(owner, 'Owners only')
    const path = await kit.upload(owner, ws, zipOf(teamExport({ emails: emails() })))
    const link = ok(
      await as(owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(stranger).rpc('accept_invite', { p_token: link.token }))
    const refused = await as(stranger).rpc('start_import', { p_workspace: ws, p_path: path })
    expect(refused.error).toMatchObject({
      code: '42501',
      message: "Only the workspace's owners can import into it.",
    })
    const upload = await as(stranger)
      .storage.from('imports')
      .upload(`${ws}/mine.zip`, zipOf({ 'users.json': [] }), { contentType: 'application/zip' })
    expect(upload.error).not.toBeNull()
    // One slice at a time, none chained: the import stays running for what follows.
    await stack.sql`
      insert into private.import_settings (name, value) values ('slice_batches', '1'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const started = await kit.start(owner, ws, path)
      expect(ok(await as(stranger).from('imports').select('id').eq('workspace_id', ws))).toEqual([])
      expect(ok(await as(owner).from('imports').select('id').eq('workspace_id', ws))).toEqual([
        { id: started.id },
      ])
      const cancel = await as(stranger).rpc('cancel_import', { p_import: started.id })
      expect(cancel.error).toMatchObject({
        code: '42501',
        message: "Only the workspace's owners can cancel its imports.",
      })
      const again = await as(owner).rpc('start_import', { p_workspace: ws, p_path: path })
      expect(again.error).toMatchObject({
        code: '23505',
        message: 'An import into this workspace is already running.',
      })
      ok(await as(owner).rpc('cancel_import', { p_import: started.id }))
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})

describe('a cancelled import', () => {
  it('stops and removes what it added: channels, memberships, invited accounts', async () => {
    await stack.sql`
      insert into private.import_settings (name, value)
      values ('slice_batches', '1'), ('batch_messages', '2'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const ws = await kit.workspace(owner, 'Cancelled')
      const newcomers: [string, string, string] = [
        ann.email,
        `dan-${ws.slice(0, 6)}@example.test`,
        `eve-${ws.slice(0, 6)}@example.test`,
      ]
      const path = await kit.upload(owner, ws, zipOf(teamExport({ emails: newcomers })))
      const started = await kit.start(owner, ws, path)
      for (let slice = 0; slice < 3; slice += 1) {
        await waitFor('the slice to stop', async () => {
          const found = await kit.row(started.id)
          return found.status === 'running' && found.heartbeat_at === null ? found : undefined
        })
        if (slice < 2) expect((await kit.callFunction(started.id)).status).toBe(200)
      }
      expect((await kit.row(started.id)).messages_done).toBeGreaterThan(0)
      const cancelled = ok(await as(owner).rpc('cancel_import', { p_import: started.id }).single())
      expect(cancelled).toMatchObject({ status: 'cancelled' })
      const left = await stack.sql`
        select (select count(*)::int from public.channels where workspace_id = ${ws} and not is_default) as channels,
          (select count(*)::int from public.workspace_members where workspace_id = ${ws}) as members`
      expect(left[0]).toEqual({ channels: 0, members: 1 })
      await waitFor('the invited accounts to be deleted', async () => {
        const [found] = await stack.sql`
          select count(*)::int as n from auth.users where email in ${stack.sql(newcomers.slice(1))}`
        return found!.n === 0 ? true : undefined
      })
      const [annStill] =
        await stack.sql`select count(*)::int as n from auth.users where id = ${ann.id}`
      expect(annStill!.n).toBe(1)
      const audit = await stack.sql`
        select action from public.audit_log where workspace_id = ${ws} and action like 'import.%' order by id`
      expect(audit.map((a) => a.action)).toEqual(['import.started', 'import.cancelled'])
      const refused = await as(owner).rpc('cancel_import', { p_import: started.id })
      expect(refused.error).toMatchObject({
        code: '22023',
        message: 'This import is no longer running.',
      })
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})

describe('more newcomers than Auth may email in an hour', () => {
  // Last in this file: it spends the stack's email allowance (30 an hour, GoTrue's default).
  it('makes the accounts the invitations could not be sent for, attributes their messages and reports them', async () => {
    const tag = randomUUID().slice(0, 6)
    const people = Array.from({ length: 32 }, (_, i) => ({
      id: `U${i}`,
      name: `person${i}`,
      profile: { email: `p${i}-${tag}@example.test`, real_name: `Person ${i}` },
    }))
    const zip = zipOf({
      'users.json': people,
      'channels.json': [
        { id: 'C1', name: 'crowd', created: 1714500000, members: people.map((p) => p.id) },
      ],
      'crowd/2024-05-01.json': people.map((p, i) => ({
        type: 'message',
        user: p.id,
        text: `hello from ${p.name}`,
        ts: `${1714550400 + i}.000100`,
      })),
    })
    const ws = await kit.workspace(owner, 'Crowd')
    const done = await kit.ended((await kit.start(owner, ws, await kit.upload(owner, ws, zip))).id)
    expect(done).toMatchObject({ status: 'done', messages_done: 32, people: 32 })
    const refused = (done.report as { reason: string }[]).filter((r) =>
      /could not be sent \(.*rate limit.*\); they can sign in with "Forgot password"/.test(r.reason)
    )
    expect(refused.length).toBeGreaterThanOrEqual(2)
    expect(refused.length).toBe((done.report as unknown[]).length)
    const accounts = await stack.sql<{ email: string; invited: boolean; author: boolean }[]>`
      select u.email, u.invited_at is not null as invited,
        exists (select 1 from public.messages m join public.channels c on c.id = m.channel_id
          where c.workspace_id = ${ws} and m.author_id = u.id
            and m.body = 'hello from person' || substr(split_part(u.email, '-', 1), 2)) as author
      from auth.users u where u.email like ${`%-${tag}@example.test`}`
    expect(accounts).toHaveLength(32)
    // Each message is its author's; those refused an invitation have an account without one.
    expect(accounts.filter((a) => !a.author)).toEqual([])
    expect(accounts.filter((a) => !a.invited).length).toBe(refused.length)
    for (const item of refused) {
      const email = /to (\S+) could not/.exec(item.reason)?.[1]
      expect(accounts.find((a) => a.email === email)?.invited).toBe(false)
    }
    const [members] = await stack.sql`
      select count(*)::int as n from public.workspace_members where workspace_id = ${ws}`
    expect(members!.n).toBe(33)
  })
})
