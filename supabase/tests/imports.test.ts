// The Slack import over HTTP with supabase-js against the real stack (its Edge Function, pg_net,
// Storage, Auth): an owner uploads Slack's export and starts the import; its people become
// placeholders (no account attached, nobody emailed), and Ann, whose address one of them has,
// claims hers through the owner's invitation afterwards; channels, DMs, threads, reactions,
// mentions, links, edits and files come over, searchable by the members; historic messages queue no emails; importing again doubles
// nothing; an import stopped between slices (and replaying a batch) ends the same, its set-based
// batches keeping every number, counter and index right. A Chorus export, owners only, a cancel
// and many newcomers: imports-owners.test.ts. Hostile archives: imports-hostile.test.ts. The set-up
// is support/imports-world.ts's.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../../backend/test/support/wait.ts'
import { brokenInvariants, channelsOf, importedHistory } from './support/imports-checks.ts'
import { PNG, ok } from './support/imports.ts'
import { recordOf } from './support/realtime.ts'
import { importTheExport, useImportStack } from './support/imports-world.ts'
import type { Msg } from './support/imports-world.ts'
import { teamExport, zipOf } from './support/slack-export.ts'

const t = useImportStack()
const { kit } = t
const { as } = kit

describe('a Slack export', () => {
  importTheExport(t)

  it("shows its progress live to the workspace's owners, and floods nobody with history", async () => {
    await t.ownerHeard.until((h) => h.payload.table === 'imports' && recordOf(h).status === 'done')
    const progress = t.ownerHeard.heard
      .filter((h) => h.payload.table === 'imports')
      .map((h) => recordOf(h))
    expect(progress[0]).toMatchObject({ status: 'queued' })
    expect(progress.at(-1)).toMatchObject({ status: 'done', messages_done: 13 })
    // (the workspace's own creation may still arrive: what is about the imported channels would be
    // the flood)
    const imported = new Set((await channelsOf(t.stack.sql, t.ws)).map((c) => c.id))
    const history = [...t.ownerHeard.heard, ...t.annHeard.heard].filter(
      (h) => imported.has(String(recordOf(h).channel_id)) || imported.has(String(recordOf(h).id))
    )
    expect(history).toEqual([])
  })

  it('imports people, channels and conversations, with a report of what it could not', async () => {
    expect(t.first).toMatchObject({
      status: 'done',
      error: null,
      people: 3,
      channels: 5,
      messages_total: 13,
      messages_done: 13,
      files_total: 2,
      files_done: 1,
    })
    expect(t.first.report).toEqual([
      {
        file: 'general/2024-03-01.json',
        index: 6,
        code: 'attachment_link_status',
        values: { name: 'gone.txt', status: 404 },
        reason: 'The file "gone.txt" could not be imported: the link answered 404.',
      },
    ])
    const channels = await channelsOf(t.stack.sql, t.ws)
    expect(channels.map((c) => [c.name, c.kind, c.archived_at !== null, c.topic])).toEqual([
      ['general-slack', 'public', false, 'Company-wide'],
      ['old-project', 'public', true, 'Finished'],
      ['secret-plans', 'private', false, 'Hush'],
      [null, 'dm', false, ''],
      [null, 'dm', false, ''],
    ])
    // Nobody's account is attached, made or emailed: the three people are placeholder members
    // (profiles that are no Auth user), Ann's address or not.
    const people = await t.stack.sql<
      { name: string; placeholder: boolean; account: boolean; role: string }[]
    >`
      select p.display_name as name, p.is_placeholder as placeholder,
        exists (select 1 from auth.users u where u.id = p.id) as account, wm.role::text
      from public.workspace_members wm join public.profiles p on p.id = wm.user_id
      where wm.workspace_id = ${t.ws} order by p.display_name`
    expect(people).toEqual([
      { name: 'Ann Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Ben Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Cat Slack', placeholder: true, account: false, role: 'member' },
      { name: 'Olga Owner', placeholder: false, account: true, role: 'owner' },
    ])
    const accounts = await t.stack.sql`
      select 1 from auth.users where email in ${t.stack.sql(t.emails().slice(1))}`
    expect(accounts).toEqual([])
    expect(await t.stack.sql`select 1 from public.invites where workspace_id = ${t.ws}`).toEqual([])
    expect(ok(await as(t.ann).from('channels').select('name').eq('workspace_id', t.ws))).toEqual([])
    // Everyone imported is in the default channel, as accepting an invite makes them.
    const inDefault = async () =>
      (
        await t.stack.sql`
      select count(*)::int as n from public.channel_members cm
      join public.channels c on c.id = cm.channel_id
      where c.workspace_id = ${t.ws} and c.is_default`
      )[0]!.n
    expect(await inDefault()).toBe(4)
    // Ann claims her placeholder: the owner's invitation to her address, accepted.
    await kit.claim(t.owner, t.ws, t.ann)
    // Ann sees the conversations she was in, and not the others'.
    const seen = ok(await as(t.ann).from('channels').select('name, kind').eq('workspace_id', t.ws))
    expect(seen.length).toBe(7) // #general, #random, general-slack, old-project, secret-plans, 2 DMs
    expect(await inDefault()).toBe(4)
  })

  it('keeps threads, edits, times, mentions, links, reactions and files, and is searchable', async () => {
    const [general] = (await channelsOf(t.stack.sql, t.ws)).filter(
      (c) => c.name === 'general-slack'
    )
    const messages = ok(
      await as(t.ann)
        .from('messages')
        .select('id, body, parent_id, in_channel, created_at, edited_at, author_id, mentions')
        .eq('channel_id', general!.id)
        .order('created_at')
    ) as Msg[]
    const ben = { id: await kit.placeholderOf(t.ws, t.emails()[1]) }
    const [oldProject] = (await channelsOf(t.stack.sql, t.ws)).filter(
      (c) => c.name === 'old-project'
    )
    const [parent, reply, broadcast, bot, diagram] = messages
    expect(parent).toMatchObject({
      body: `Kickoff **plan** for [#old-project](/w/${t.ws}/c/${oldProject!.id}): see [the plan](<https://example.com/plan?a=1&b=2>) & ask <@${ben.id}>`,
      parent_id: null,
      created_at: '2024-03-01T09:00:00+00:00',
      edited_at: '2024-03-01T09:03:00+00:00',
      author_id: t.ann.id,
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
    const [thread] = await t.stack
      .sql`select reply_count from public.threads where id = ${parent!.id}`
    expect(thread!.reply_count).toBe(2)
    expect(await brokenInvariants(t.stack.sql, t.ws)).toEqual([])
    // A thread whose first message was deleted in Slack: a deleted message with its reply.
    const [secret] = (await channelsOf(t.stack.sql, t.ws)).filter((c) => c.name === 'secret-plans')
    const inSecret = ok(
      await as(t.ann)
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
      await as(t.ann).from('reactions').select('emoji, user_id').eq('message_id', parent!.id)
    ) as { emoji: string }[]
    expect(reactions.map((r) => r.emoji).sort()).toEqual([':party_parrot:', '👍', '👍'].sort())
    const attachments = ok(
      await as(t.ann)
        .from('attachments')
        .select('name, path, mime_type, size')
        .eq('message_id', diagram!.id)
    )
    expect(attachments).toEqual([
      {
        name: 'diagram.png',
        path: `${t.ws}/${general!.id}/${diagram!.id}/diagram.png`,
        mime_type: 'image/png',
        size: 4,
      },
    ])
    const download = await as(t.ann)
      .storage.from('attachments')
      .download(`${t.ws}/${general!.id}/${diagram!.id}/diagram.png`)
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(PNG)
    for (const [word, expected] of [
      ['zebrafish', reply!.id],
      ['narwhals', null],
    ] as const) {
      const found = ok(
        await as(t.ann).rpc('search_messages', { p_workspace_id: t.ws, p_terms: [word] })
      ) as { id: string }[]
      expect(found).toHaveLength(1)
      if (expected) expect(found[0]!.id).toBe(expected)
    }
  })

  it('sends nothing for history: no emails queued, everything read, audit entries only', async () => {
    const [emailsQueued] = await t.stack.sql`
      select count(*)::int as n from private.email_queue where workspace_id = ${t.ws}`
    expect(emailsQueued!.n).toBe(0)
    const unread = await t.stack.sql`
      select c.name from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where c.workspace_id = ${t.ws} and cm.last_read_seq < c.last_seq`
    expect(unread).toEqual([])
    const audit = await t.stack.sql`
      select action from public.audit_log where workspace_id = ${t.ws} and action like 'import.%' order by id`
    expect(audit.map((a) => a.action)).toEqual([
      'import.started',
      'import.finished',
      'import.claimed',
    ])
  })

  it('imports the same archive again without doubling anything', async () => {
    const count = async () =>
      (
        await t.stack.sql`
        select (select count(*) from public.messages m join public.channels c on c.id = m.channel_id where c.workspace_id = ${t.ws})::int as messages,
          (select count(*) from public.reactions r join public.channels c on c.id = r.channel_id where c.workspace_id = ${t.ws})::int as reactions,
          (select count(*) from public.channels c where c.workspace_id = ${t.ws})::int as channels,
          (select count(*) from public.attachments a join public.channels c on c.id = a.channel_id where c.workspace_id = ${t.ws})::int as files`
      )[0]
    const before = await count()
    const again = await kit.ended((await kit.start(t.owner, t.ws, t.zipPath)).id)
    expect(again).toMatchObject({ status: 'done', messages_done: 0 })
    expect(await count()).toEqual(before)
  })

  it('goes on from its checkpoint after a slice stops, replayed batches doubling nothing', async () => {
    await t.stack.sql`
      insert into private.import_settings (name, value)
      values ('slice_batches', '2'), ('batch_messages', '2'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const resumedWs = await kit.workspace(t.owner, 'Resumed')
      const resumedPath = await kit.upload(
        t.owner,
        resumedWs,
        zipOf(teamExport({ emails: t.emails(), fileUrl: t.fileUrl }))
      )
      const started = await kit.start(t.owner, resumedWs, resumedPath)
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
          await t.stack.sql`
            update public.imports set checkpoint = ${t.stack.sql.json({ phase: 'messages', conversation: 0, day: 0, offset: 0 })}
            where id = ${started.id}`
          replayed = true
        }
        if (slices % 2 === 0) {
          // The cron job's own command, for an import whose heartbeat is over a minute old.
          const [job] = await t.stack.sql<{ command: string }[]>`
            select command from cron.job where jobname = 'chorus-imports'`
          expect(job!.command).toBe('select private.kick_stale_imports()')
          await t.stack.sql`
            update public.imports set heartbeat_at = now() - interval '61 seconds' where id = ${started.id}`
          await t.stack.sql.unsafe(job!.command)
        } else expect((await kit.callFunction(started.id)).status).toBe(200)
        slices += 1
      }
      expect(replayed).toBe(true)
      expect(slices).toBeGreaterThan(3)
      expect(await importedHistory(t.stack.sql, resumedWs)).toEqual(
        await importedHistory(t.stack.sql, t.ws)
      )
      expect(await brokenInvariants(t.stack.sql, resumedWs)).toEqual([])
    } finally {
      await t.stack.sql`delete from private.import_settings`
    }
  })
})
