// The Slack import over HTTP with supabase-js against the real stack (its Edge Function, pg_net,
// Storage, Auth): an owner uploads Slack's export and starts the import; its people become
// placeholders (no account attached, nobody emailed), and Ann, whose address one of them has,
// claims hers through the owner's invitation afterwards; channels, DMs, threads, reactions,
// mentions, links, edits and files come over, searchable by the members; historic messages queue no emails; importing again doubles
// nothing; an import stopped between slices (and replaying a batch) ends the same, its set-based
// batches keeping every number, counter and index right. A Chorus export, owners only, a cancel
// and many newcomers: import-owners.test.ts. Hostile archives: import-hostile.test.ts.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { brokenInvariants, channelsOf, importedHistory } from './support/import-checks.ts'
import { PNG, addressFor, diagramServer, importKit, ok, teamEmails } from './support/imports.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Joined } from './support/realtime.ts'
import { teamExport, zipOf } from './support/slack-export.ts'
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
const emails = () => teamEmails(ann)

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
    const imported = new Set((await channelsOf(stack.sql, ws)).map((c) => c.id))
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
    const channels = await channelsOf(stack.sql, ws)
    expect(channels.map((c) => [c.name, c.kind, c.archived_at !== null, c.topic])).toEqual([
      ['general-slack', 'public', false, 'Company-wide'],
      ['old-project', 'public', true, 'Finished'],
      ['secret-plans', 'private', false, 'Hush'],
      [null, 'dm', false, ''],
      [null, 'dm', false, ''],
    ])
    // Nobody's account is attached, made or emailed: the three people are placeholder members
    // (profiles that are no Auth user), Ann's address or not.
    const people = await stack.sql<
      { name: string; placeholder: boolean; account: boolean; role: string }[]
    >`
      select p.display_name as name, p.is_placeholder as placeholder,
        exists (select 1 from auth.users u where u.id = p.id) as account, wm.role::text
      from public.workspace_members wm join public.profiles p on p.id = wm.user_id
      where wm.workspace_id = ${ws} order by p.display_name`
    expect(people).toEqual([
      { name: 'Ann Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Ben Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Cat Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Olga Owner', placeholder: false, account: true, role: 'owner' },
    ])
    const accounts = await stack.sql`
      select 1 from auth.users where email in ${stack.sql(emails().slice(1))}`
    expect(accounts).toEqual([])
    expect(await stack.sql`select 1 from public.invites where workspace_id = ${ws}`).toEqual([])
    expect(ok(await as(ann).from('channels').select('name').eq('workspace_id', ws))).toEqual([])
    // Everyone imported is in the default channel, as accepting an invite makes them.
    const inDefault = async () =>
      (
        await stack.sql`
      select count(*)::int as n from public.channel_members cm
      join public.channels c on c.id = cm.channel_id
      where c.workspace_id = ${ws} and c.is_default`
      )[0]!.n
    expect(await inDefault()).toBe(4)
    // Ann claims her placeholder: the owner's invitation to her address, accepted.
    await kit.claim(owner, ws, ann)
    // Ann sees the conversations she was in, and not the others'.
    const seen = ok(await as(ann).from('channels').select('name, kind').eq('workspace_id', ws))
    expect(seen.length).toBe(6) // the default channel, general-slack, old-project, secret-plans, 2 DMs
    expect(await inDefault()).toBe(4)
  })

  it('keeps threads, edits, times, mentions, links, reactions and files, and is searchable', async () => {
    const [general] = (await channelsOf(stack.sql, ws)).filter((c) => c.name === 'general-slack')
    const messages = ok(
      await as(ann)
        .from('messages')
        .select('id, body, parent_id, in_channel, created_at, edited_at, author_id, mentions')
        .eq('channel_id', general!.id)
        .order('created_at')
    ) as Msg[]
    const ben = { id: await kit.placeholderOf(ws, emails()[1]) }
    const [oldProject] = (await channelsOf(stack.sql, ws)).filter((c) => c.name === 'old-project')
    const [parent, reply, broadcast, bot, diagram] = messages
    expect(parent).toMatchObject({
      body: `Kickoff **plan** for [#old-project](/w/${ws}/c/${oldProject!.id}): see [the plan](<https://example.com/plan?a=1&b=2>) & ask <@${ben.id}>`,
      parent_id: null,
      created_at: '2024-03-01T09:00:00+00:00',
      edited_at: '2024-03-01T09:03:00+00:00',
      author_id: ann.id,
      mentions: [ben.id],
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
    expect(await brokenInvariants(stack.sql, ws)).toEqual([])
    // A thread whose first message was deleted in Slack: a deleted message with its reply.
    const [secret] = (await channelsOf(stack.sql, ws)).filter((c) => c.name === 'secret-plans')
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
    expect(audit.map((a) => a.action)).toEqual([
      'import.started',
      'import.finished',
      'import.claimed',
    ])
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
      expect(await importedHistory(stack.sql, resumedWs)).toEqual(
        await importedHistory(stack.sql, ws)
      )
      expect(await brokenInvariants(stack.sql, resumedWs)).toEqual([])
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})
