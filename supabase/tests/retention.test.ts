// Retention over real HTTP with supabase-js and the real job: owners (only) set how long
// messages are kept, per workspace and per channel; a run deletes exactly what is older, replies
// by their own age, with what hangs off the messages and their files (removed through the
// Storage API by the retention-files Edge Function); it is recorded in the audit log. What
// deleting an account does: retention-accounts.test.ts. The set-up is support/retention-world.ts's.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../../backend/test/support/wait.ts'
import { ok } from './support/retention.ts'
import { useRetentionWorld } from './support/retention-world.ts'

const t = useRetentionWorld()
const { kit, asJob, runTheJob } = t
const { as, post, exists, auditOf } = kit

describe('policies', () => {
  it('are set by owners only, with clear errors for bad values, and read by members', async () => {
    const lounge = await kit.channel(t.owner, t.ws.id, 'lounge', [t.member])
    const refused = await as(t.admin).rpc('set_workspace_retention', {
      p_workspace_id: t.ws.id,
      p_keep_days: 90,
    })
    expect(refused.error).toMatchObject({
      code: '42501',
      message: "Only the workspace's owners can change how long messages are kept.",
      details: 'workspace_owner_only',
    })
    for (const [person, refusal] of [
      [t.member, { code: '42501', details: 'workspace_owner_only' }],
      [t.outsider, { code: '22023', details: 'channel_not_found' }],
    ] as const) {
      const { error } = await as(person).rpc('set_channel_retention', {
        p_channel_id: lounge,
        p_keep_days: 1,
      })
      expect(error).toMatchObject(refusal)
    }
    const anon = await t.stack.client().rpc('set_workspace_retention', {
      p_workspace_id: t.ws.id,
      p_keep_days: 1,
    })
    expect(anon.error?.code).toBe('42501')
    for (const days of [0, -5, 36501]) {
      const { error } = await as(t.owner).rpc('set_workspace_retention', {
        p_workspace_id: t.ws.id,
        p_keep_days: days,
      })
      expect(error).toMatchObject({
        code: '22023',
        message: `Messages are kept from 1 to 36500 days, or forever: ${days} days was asked for.`,
        details: 'retention_days_out_of_range',
      })
    }
    const badPolicy = await as(t.owner).rpc('set_workspace_retention', {
      p_workspace_id: t.ws.id,
      p_keep_days: null,
      p_deleted_accounts: 'shred',
    })
    expect(badPolicy.error).toMatchObject({
      code: '22023',
      message:
        "What happens to a deleted account's messages must be keep, anonymize or remove: shred was asked for.",
      details: 'invalid_argument',
    })
    const notAChannel = await as(t.owner).rpc('set_channel_retention', {
      p_channel_id: 'not-a-uuid',
      p_keep_days: 3,
    })
    expect(notAChannel.error?.code).toBe('22P02')
    // Direct writes are refused: only the functions change a policy.
    const direct = await as(t.owner)
      .from('workspace_retention')
      .insert({ workspace_id: t.ws.id, keep_days: 1 })
    expect(direct.error?.code).toBe('42501')
    expect(await t.stack.sql`select * from public.workspace_retention`).toHaveLength(0)

    ok(
      await as(t.owner).rpc('set_workspace_retention', { p_workspace_id: t.ws.id, p_keep_days: 90 })
    )
    ok(await as(t.owner).rpc('set_channel_retention', { p_channel_id: lounge, p_keep_days: 30 }))
    ok(await as(t.owner).rpc('set_channel_retention', { p_channel_id: lounge, p_keep_days: 7 }))
    const read = ok(
      await as(t.member).from('workspace_retention').select('keep_days, deleted_accounts')
    )
    expect(read).toEqual([{ keep_days: 90, deleted_accounts: 'keep' }])
    expect(ok(await as(t.member).from('channel_retention').select('keep_days'))).toEqual([
      { keep_days: 7 },
    ])
    expect(ok(await as(t.outsider).from('workspace_retention').select('*'))).toEqual([])
    expect(ok(await as(t.owner).rpc('clear_channel_retention', { p_channel_id: lounge }))).toBe(
      true
    )
    expect(ok(await as(t.member).from('channel_retention').select('*'))).toEqual([])

    expect(await auditOf(t.ws.id)).toEqual([
      {
        action: 'retention.changed',
        actor_role: 'owner',
        target_label: 'Kept',
        details: { from: null, to: 90 },
      },
      {
        action: 'retention.channel_changed',
        actor_role: 'owner',
        target_label: 'lounge',
        details: { from: null, to: 30 },
      },
      {
        action: 'retention.channel_changed',
        actor_role: 'owner',
        target_label: 'lounge',
        details: { from: 30, to: 7 },
      },
      {
        action: 'retention.channel_cleared',
        actor_role: 'owner',
        target_label: 'lounge',
        details: { from: 7 },
      },
    ])
  })
})

describe('a run', () => {
  it('deletes exactly what is older than each channel keeps, replies by their own age, files included', async () => {
    const team = await kit.workspace('Run', t.owner, [t.member])
    const lounge = await kit.channel(t.owner, team.id, 'lounge', [t.member])
    const decisions = await kit.channel(t.owner, team.id, 'decisions', [t.member])
    ok(
      await as(t.owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 90 })
    )
    ok(await as(t.owner).rpc('set_channel_retention', { p_channel_id: lounge, p_keep_days: 30 }))
    ok(
      await as(t.owner).rpc('set_channel_retention', { p_channel_id: decisions, p_keep_days: null })
    )

    const general100 = await post(t.member, team.general, 'general, 100 days', 100)
    const general80 = await post(t.member, team.general, 'general, 80 days', 80)
    const lounge40 = await post(t.member, lounge, 'lounge, 40 days', 40)
    const lounge20 = await post(t.member, lounge, 'lounge, 20 days', 20)
    const decisions400 = await post(t.member, decisions, 'decisions, 400 days', 400)
    // Threads in #lounge: an old parent kept by a young reply; an old reply to a young parent;
    // an old parent with only old replies.
    const keptParent = await post(t.owner, lounge, 'old parent', 60)
    const oldReply = await post(t.member, lounge, 'old reply', 50, keptParent)
    const youngReply = await post(t.member, lounge, 'young reply', 2, keptParent)
    const youngParent = await post(t.owner, lounge, 'young parent', 10)
    const youngParentsReply = await post(t.member, lounge, 'a reply, young', 5, youngParent)
    const oldThread = await post(t.owner, lounge, 'old thread', 70)
    const oldThreadReplies = [
      await post(t.member, lounge, 'old thread reply 1', 69, oldThread),
      await post(t.owner, lounge, 'old thread reply 2', 68, oldThread),
    ]
    // What hangs off an expired message: a file, a reaction, a pin, a saved item, the search index.
    const file = await kit.attach(t.member, team.id, lounge, lounge40)
    await t.stack
      .sql`insert into public.reactions (message_id, user_id, emoji) values (${lounge40}, ${t.owner.id}, ':tada:')`
    ok(await as(t.member).rpc('pin_message', { p_message_id: lounge40 }))
    ok(await as(t.owner).rpc('save_message', { p_message_id: lounge40 }))
    expect(
      await t.stack.sql`select 1 from private.message_search where message_id = ${lounge40}`
    ).toHaveLength(1)

    await runTheJob()

    expect(
      new Set(
        await exists([
          general100,
          general80,
          lounge40,
          lounge20,
          decisions400,
          keptParent,
          oldReply,
          youngReply,
          youngParent,
          youngParentsReply,
          oldThread,
          ...oldThreadReplies,
        ])
      )
    ).toEqual(
      new Set([
        general80,
        lounge20,
        decisions400,
        keptParent,
        youngReply,
        youngParent,
        youngParentsReply,
      ])
    )
    const [parent] = await t.stack
      .sql`select body, deleted_at from public.messages where id = ${keptParent}`
    expect(parent!.body).toBe('')
    expect(parent!.deleted_at).not.toBeNull()
    const [thread] = await t.stack
      .sql`select reply_count from public.threads where id = ${keptParent}`
    expect(thread!.reply_count).toBe(1)
    expect(await t.stack.sql`select 1 from public.threads where id = ${oldThread}`).toHaveLength(0)
    for (const table of ['reactions', 'pins', 'saved_items', 'attachments', 'link_previews']) {
      expect(
        await t.stack
          .sql`select 1 from ${t.stack.sql('public.' + table)} where message_id = ${lounge40}`
      ).toHaveLength(0)
    }
    expect(
      await t.stack.sql`select 1 from private.message_search where message_id = ${lounge40}`
    ).toHaveLength(0)
    // The file goes through the Storage API (the Edge Function the run called).
    await waitFor('the file removed from Storage', () => kit.objectGone(file), 20_000)
    const download = await as(t.member).storage.from('attachments').download(file)
    expect(download.error).not.toBeNull()
    await waitFor('the queue emptied', async () =>
      (await t.stack.sql`select 1 from private.retention_files`).length === 0 ? true : undefined
    )

    // One batch per channel with something to delete (#general and #lounge here).
    const runs = await auditOf(team.id, 'retention.run')
    expect(runs).toEqual([
      {
        action: 'retention.run',
        actor_role: 'system',
        target_label: 'Run',
        details: { messages: 6, kept_as_deleted: 1, files: 1, batches: 2 },
      },
    ])
    // Nothing more to do: a second run deletes nothing and records nothing.
    await runTheJob()
    expect(await auditOf(team.id, 'retention.run')).toHaveLength(1)
    expect(await exists([general80, lounge20, decisions400, keptParent, youngReply])).toHaveLength(
      5
    )
  })

  it('goes in batches of the size it is given, each committed on its own, threads across batches', async () => {
    const team = await kit.workspace('Batches', t.owner, [t.member])
    ok(
      await as(t.owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 1 })
    )
    const old = []
    for (let i = 0; i < 25; i++) old.push(await post(t.member, team.general, `old ${i}`, 30 - i))
    // A thread older than every batch can hold: its replies go first, batch after batch.
    const parent = await post(t.owner, team.general, 'old thread', 40)
    for (let i = 0; i < 6; i++)
      old.push(await post(t.member, team.general, `reply ${i}`, 39 - i, parent))
    old.push(parent)
    const young = await post(t.member, team.general, 'young', 0)
    await asJob('call private.run_retention(4)')
    expect(await exists([...old, young])).toEqual([young])
    const [run] = await auditOf(team.id, 'retention.run')
    expect(run!.details).toMatchObject({ messages: 32, kept_as_deleted: 0, files: 0 })
    expect(run!.details.batches).toBeGreaterThanOrEqual(8)
  })

  it('goes on past a window of threads whose old replies come later, and deletes them all', async () => {
    const team = await kit.workspace('Windows', t.owner, [t.member])
    ok(
      await as(t.owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 1 })
    )
    // Five old threads, all started before any of their (old) replies: a batch of 4 sees only
    // first messages that must wait for their replies. A run used to stop there.
    const parents = []
    for (let i = 0; i < 5; i++)
      parents.push(await post(t.owner, team.general, `thread ${i}`, 20 - i))
    const replies = []
    for (let i = 0; i < 5; i++)
      replies.push(await post(t.member, team.general, `answer ${i}`, 10 - i, parents[i]))
    const young = await post(t.member, team.general, 'young', 0)
    await asJob('call private.run_retention(4)')
    expect(await exists([...parents, ...replies, young])).toEqual([young])
    const [run] = await auditOf(team.id, 'retention.run')
    expect(run!.details).toMatchObject({ messages: 10, kept_as_deleted: 0, files: 0 })
  })

  it('is scheduled with Supabase Cron, and only postgres may call it', async () => {
    const [job] = await t.stack
      .sql`select schedule, active from cron.job where jobname = 'chorus-retention'`
    expect(job).toEqual({ schedule: '41 * * * *', active: true })
    const refused = await as(t.owner).rpc('claim_retention_files', {})
    expect(refused.error?.code).toBe('42501')
    await expect(
      t.stack.sql.begin(async (tx) => {
        await tx`set local role authenticated`
        await tx`call private.run_retention()`
      })
    ).rejects.toMatchObject({ code: '42501' })
  })
})
