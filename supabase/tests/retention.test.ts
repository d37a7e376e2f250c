// Retention over real HTTP with supabase-js and the real job: owners (only) set how long
// messages are kept, per workspace and per channel; a run deletes exactly what is older, replies
// by their own age, with what hangs off the messages and their files (removed through the
// Storage API by the retention-files Edge Function); it is recorded in the audit log. What
// deleting an account does: retention-accounts.test.ts.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { ok, retentionKit } from './support/retention.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
let admin: Person
let member: Person
let outsider: Person
let ws: { id: string; general: string }
const kit = retentionKit(() => stack)
const { as, post, exists, auditOf } = kit

/** A command as Supabase Cron runs the job's: as postgres, outside any transaction block. */
async function asJob(command: string) {
  const connection = await stack.sql.reserve()
  try {
    await connection`set role postgres`
    await connection.unsafe(command)
  } finally {
    await connection`reset role`
    connection.release()
  }
}

/** The job's own command. */
async function runTheJob() {
  const [job] = await stack.sql<{ command: string; username: string }[]>`
    select command, username from cron.job where jobname = 'chorus-retention'`
  expect(job).toMatchObject({ command: 'call private.run_retention(250)', username: 'postgres' })
  await asJob(job!.command)
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  ;[owner, admin, member, outsider] = (await Promise.all(
    ['Olga Owner', 'Adam Admin', 'Mia Member', 'Otto Outsider'].map((n) => createPerson(stack, n))
  )) as [Person, Person, Person, Person]
  ws = await kit.workspace('Kept', owner, [admin, member])
  ok(
    await as(owner).rpc('set_member_role', {
      p_workspace_id: ws.id,
      p_user_id: admin.id,
      p_role: 'admin',
    })
  )
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

describe('policies', () => {
  it('are set by owners only, with clear errors for bad values, and read by members', async () => {
    const random = await kit.channel(owner, ws.id, 'random', [member])
    const refused = await as(admin).rpc('set_workspace_retention', {
      p_workspace_id: ws.id,
      p_keep_days: 90,
    })
    expect(refused.error).toMatchObject({
      code: '42501',
      message: "Only the workspace's owners can change how long messages are kept.",
    })
    for (const person of [member, outsider]) {
      const { error } = await as(person).rpc('set_channel_retention', {
        p_channel_id: random,
        p_keep_days: 1,
      })
      expect(error?.code).toMatch(/^(42501|22023)$/)
    }
    const anon = await stack.client().rpc('set_workspace_retention', {
      p_workspace_id: ws.id,
      p_keep_days: 1,
    })
    expect(anon.error?.code).toBe('42501')
    for (const days of [0, -5, 36501]) {
      const { error } = await as(owner).rpc('set_workspace_retention', {
        p_workspace_id: ws.id,
        p_keep_days: days,
      })
      expect(error).toMatchObject({
        code: '22023',
        message: 'Messages are kept from 1 to 36500 days, or forever.',
        details: `${days} days was asked for.`,
      })
    }
    const badPolicy = await as(owner).rpc('set_workspace_retention', {
      p_workspace_id: ws.id,
      p_keep_days: null,
      p_deleted_accounts: 'shred',
    })
    expect(badPolicy.error?.code).toBe('22023')
    const notAChannel = await as(owner).rpc('set_channel_retention', {
      p_channel_id: 'not-a-uuid',
      p_keep_days: 3,
    })
    expect(notAChannel.error?.code).toBe('22P02')
    // Direct writes are refused: only the functions change a policy.
    const direct = await as(owner)
      .from('workspace_retention')
      .insert({ workspace_id: ws.id, keep_days: 1 })
    expect(direct.error?.code).toBe('42501')
    expect(await stack.sql`select * from public.workspace_retention`).toHaveLength(0)

    ok(await as(owner).rpc('set_workspace_retention', { p_workspace_id: ws.id, p_keep_days: 90 }))
    ok(await as(owner).rpc('set_channel_retention', { p_channel_id: random, p_keep_days: 30 }))
    ok(await as(owner).rpc('set_channel_retention', { p_channel_id: random, p_keep_days: 7 }))
    const read = ok(
      await as(member).from('workspace_retention').select('keep_days, deleted_accounts')
    )
    expect(read).toEqual([{ keep_days: 90, deleted_accounts: 'keep' }])
    expect(ok(await as(member).from('channel_retention').select('keep_days'))).toEqual([
      { keep_days: 7 },
    ])
    expect(ok(await as(outsider).from('workspace_retention').select('*'))).toEqual([])
    expect(ok(await as(owner).rpc('clear_channel_retention', { p_channel_id: random }))).toBe(true)
    expect(ok(await as(member).from('channel_retention').select('*'))).toEqual([])

    expect(await auditOf(ws.id)).toEqual([
      {
        action: 'retention.changed',
        actor_role: 'owner',
        target_label: 'Kept',
        details: { from: null, to: 90 },
      },
      {
        action: 'retention.channel_changed',
        actor_role: 'owner',
        target_label: 'random',
        details: { from: null, to: 30 },
      },
      {
        action: 'retention.channel_changed',
        actor_role: 'owner',
        target_label: 'random',
        details: { from: 30, to: 7 },
      },
      {
        action: 'retention.channel_cleared',
        actor_role: 'owner',
        target_label: 'random',
        details: { from: 7 },
      },
    ])
  })
})

describe('a run', () => {
  it('deletes exactly what is older than each channel keeps, replies by their own age, files included', async () => {
    const team = await kit.workspace('Run', owner, [member])
    const random = await kit.channel(owner, team.id, 'random', [member])
    const decisions = await kit.channel(owner, team.id, 'decisions', [member])
    ok(await as(owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 90 }))
    ok(await as(owner).rpc('set_channel_retention', { p_channel_id: random, p_keep_days: 30 }))
    ok(await as(owner).rpc('set_channel_retention', { p_channel_id: decisions, p_keep_days: null }))

    const general100 = await post(member, team.general, 'general, 100 days', 100)
    const general80 = await post(member, team.general, 'general, 80 days', 80)
    const random40 = await post(member, random, 'random, 40 days', 40)
    const random20 = await post(member, random, 'random, 20 days', 20)
    const decisions400 = await post(member, decisions, 'decisions, 400 days', 400)
    // Threads in #random: an old parent kept by a young reply; an old reply to a young parent;
    // an old parent with only old replies.
    const keptParent = await post(owner, random, 'old parent', 60)
    const oldReply = await post(member, random, 'old reply', 50, keptParent)
    const youngReply = await post(member, random, 'young reply', 2, keptParent)
    const youngParent = await post(owner, random, 'young parent', 10)
    const youngParentsReply = await post(member, random, 'a reply, young', 5, youngParent)
    const oldThread = await post(owner, random, 'old thread', 70)
    const oldThreadReplies = [
      await post(member, random, 'old thread reply 1', 69, oldThread),
      await post(owner, random, 'old thread reply 2', 68, oldThread),
    ]
    // What hangs off an expired message: a file, a reaction, a pin, a saved item, the search index.
    const file = await kit.attach(member, team.id, random, random40)
    await stack.sql`insert into public.reactions (message_id, user_id, emoji) values (${random40}, ${owner.id}, ':tada:')`
    ok(await as(member).rpc('pin_message', { p_message_id: random40 }))
    ok(await as(owner).rpc('save_message', { p_message_id: random40 }))
    expect(
      await stack.sql`select 1 from private.message_search where message_id = ${random40}`
    ).toHaveLength(1)

    await runTheJob()

    expect(
      new Set(
        await exists([
          general100,
          general80,
          random40,
          random20,
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
        random20,
        decisions400,
        keptParent,
        youngReply,
        youngParent,
        youngParentsReply,
      ])
    )
    const [parent] =
      await stack.sql`select body, deleted_at from public.messages where id = ${keptParent}`
    expect(parent!.body).toBe('')
    expect(parent!.deleted_at).not.toBeNull()
    const [thread] =
      await stack.sql`select reply_count from public.threads where id = ${keptParent}`
    expect(thread!.reply_count).toBe(1)
    expect(await stack.sql`select 1 from public.threads where id = ${oldThread}`).toHaveLength(0)
    for (const table of ['reactions', 'pins', 'saved_items', 'attachments', 'link_previews']) {
      expect(
        await stack.sql`select 1 from ${stack.sql('public.' + table)} where message_id = ${random40}`
      ).toHaveLength(0)
    }
    expect(
      await stack.sql`select 1 from private.message_search where message_id = ${random40}`
    ).toHaveLength(0)
    // The file goes through the Storage API (the Edge Function the run called).
    await waitFor('the file removed from Storage', () => kit.objectGone(file), 20_000)
    const download = await as(member).storage.from('attachments').download(file)
    expect(download.error).not.toBeNull()
    await waitFor('the queue emptied', async () =>
      (await stack.sql`select 1 from private.retention_files`).length === 0 ? true : undefined
    )

    // One batch per channel with something to delete (#general and #random here).
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
    expect(await exists([general80, random20, decisions400, keptParent, youngReply])).toHaveLength(
      5
    )
  })

  it('goes in batches of the size it is given, each committed on its own, threads across batches', async () => {
    const team = await kit.workspace('Batches', owner, [member])
    ok(await as(owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 1 }))
    const old = []
    for (let i = 0; i < 25; i++) old.push(await post(member, team.general, `old ${i}`, 30 - i))
    // A thread older than every batch can hold: its replies go first, batch after batch.
    const parent = await post(owner, team.general, 'old thread', 40)
    for (let i = 0; i < 6; i++)
      old.push(await post(member, team.general, `reply ${i}`, 39 - i, parent))
    old.push(parent)
    const young = await post(member, team.general, 'young', 0)
    await asJob('call private.run_retention(4)')
    expect(await exists([...old, young])).toEqual([young])
    const [run] = await auditOf(team.id, 'retention.run')
    expect(run!.details).toMatchObject({ messages: 32, kept_as_deleted: 0, files: 0 })
    expect(run!.details.batches).toBeGreaterThanOrEqual(8)
  })

  it('goes on past a window of threads whose old replies come later, and deletes them all', async () => {
    const team = await kit.workspace('Windows', owner, [member])
    ok(await as(owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: 1 }))
    // Five old threads, all started before any of their (old) replies: a batch of 4 sees only
    // first messages that must wait for their replies. A run used to stop there.
    const parents = []
    for (let i = 0; i < 5; i++) parents.push(await post(owner, team.general, `thread ${i}`, 20 - i))
    const replies = []
    for (let i = 0; i < 5; i++)
      replies.push(await post(member, team.general, `answer ${i}`, 10 - i, parents[i]))
    const young = await post(member, team.general, 'young', 0)
    await asJob('call private.run_retention(4)')
    expect(await exists([...parents, ...replies, young])).toEqual([young])
    const [run] = await auditOf(team.id, 'retention.run')
    expect(run!.details).toMatchObject({ messages: 10, kept_as_deleted: 0, files: 0 })
  })

  it('is scheduled with Supabase Cron, and only postgres may call it', async () => {
    const [job] =
      await stack.sql`select schedule, active from cron.job where jobname = 'chorus-retention'`
    expect(job).toEqual({ schedule: '41 * * * *', active: true })
    const refused = await as(owner).rpc('claim_retention_files', {})
    expect(refused.error?.code).toBe('42501')
    await expect(
      stack.sql.begin(async (tx) => {
        await tx`set local role authenticated`
        await tx`call private.run_retention()`
      })
    ).rejects.toMatchObject({ code: '42501' })
  })
})
