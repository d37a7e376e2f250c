// Send later through the RPCs as the app calls them, and the job that sends: schedule, edit,
// reschedule, send now, cancel; the job sends what is due as its author, with its files, exactly
// once even when two runs overlap; an author who may no longer post there is not sent for and is
// told (the row marked, on their topic); refusals (a time past or more than 120 days ahead, an
// empty body, a file outside the message's folder, a channel one may not post in, someone
// else's row).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { pauseJob } from './support/job-runs.ts'
import {
  asRole,
  attachmentPath,
  buildWorld,
  claimsOf,
  makeMessage,
  makeStoredObject,
} from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

interface Row {
  id: string
  body: string
  send_at: Date
  failed_at: Date | null
  failed_code: string | null
  attachments: unknown[]
}

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString()

const schedule = (
  person: Person,
  channel: string,
  body: string,
  sendAt = inMinutes(60),
  files: unknown[] = [],
  id = randomUUID()
) =>
  as(
    person,
    async (tx) =>
      (
        await tx<Row[]>`
        select * from public.schedule_message(${id}, ${channel}, ${body}, ${sendAt}::timestamptz,
          ${tx.json(files as never)})`
      )[0]!
  )

const mine = (person: Person) =>
  as(person, (tx) => tx<Row[]>`select * from public.scheduled_messages order by send_at`)

/** Makes a row due now, as the clock reaching its time would. */
const makeDue = (id: string) =>
  stack.sql`update public.scheduled_messages set send_at = now() - interval '1 second'
    where id = ${id}`

const run = () => stack.sql`call private.run_scheduled_messages()`

const message = async (id: string) =>
  (
    await stack.sql<{ author_id: string; body: string; channel_id: string }[]>`
      select author_id, body, channel_id from public.messages where id = ${id}`
  )[0]

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return (error as { detail?: string }).detail
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  // The test runs the job itself.
  await pauseJob(stack, 'chorus-scheduled-messages')
})

afterAll(async () => {
  await stack?.stop()
})

describe('send later', () => {
  it('schedules, lists, edits, reschedules and cancels, only for the author', async () => {
    const { member, admin } = world.people
    const a = await schedule(member, world.ch.plaza, 'stand-up notes', inMinutes(90))
    const b = await schedule(member, world.ch.general, 'weekly digest', inMinutes(30))
    expect((await mine(member)).map((r) => r.body)).toEqual(['weekly digest', 'stand-up notes'])
    expect(await mine(admin)).toEqual([])

    const edited = await as(
      member,
      async (tx) =>
        (await tx<Row[]>`select * from public.update_scheduled_message(${a.id}, ${'notes v2'})`)[0]!
    )
    expect(edited.body).toBe('notes v2')
    expect(edited.send_at).toEqual(a.send_at)
    const later = inMinutes(24 * 60)
    const moved = await as(
      member,
      async (tx) =>
        (
          await tx<Row[]>`
          select * from public.update_scheduled_message(${a.id}, null, ${later}::timestamptz)`
        )[0]!
    )
    expect(moved.send_at.toISOString()).toBe(later)

    // Someone else's row is not theirs to see, change or cancel.
    expect(
      await refusal(as(admin, (tx) => tx`select public.update_scheduled_message(${a.id}, 'x')`))
    ).toBe('scheduled_message_not_found')
    expect(
      await refusal(as(admin, (tx) => tx`select public.cancel_scheduled_message(${a.id})`))
    ).toBe('scheduled_message_not_found')
    expect(
      await refusal(as(admin, (tx) => tx`select public.send_scheduled_message_now(${a.id})`))
    ).toBe('scheduled_message_not_found')

    await as(member, (tx) => tx`select public.cancel_scheduled_message(${b.id})`)
    await as(member, (tx) => tx`select public.cancel_scheduled_message(${a.id})`)
    expect(await mine(member)).toEqual([])
    const ops = await stack.sql<{ operation: string }[]>`
      select payload ->> 'operation' as operation from realtime.messages
      where topic = ${'live:user:' + member.id} and payload ->> 'table' = 'scheduled_messages'
        and payload -> 'record' ->> 'id' = ${a.id}
      order by inserted_at, id`
    expect(ops.map((o) => o.operation)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE'])
  })

  it('refuses bad input', async () => {
    const { member, outsider } = world.people
    const ch = world.ch.plaza
    expect(await refusal(schedule(member, ch, 'late', inMinutes(-1)))).toBe('scheduled_time_past')
    expect(await refusal(schedule(member, ch, 'far', inMinutes(121 * 24 * 60)))).toBe(
      'scheduled_time_too_far'
    )
    expect(await refusal(schedule(member, ch, '   '))).toBe('message_empty')
    expect(await refusal(schedule(member, ch, 'x'.repeat(40_001)))).toBe('message_too_long')
    expect(await refusal(schedule(member, world.ch.attic, 'archived'))).toBe('channel_archived')
    expect(await refusal(schedule(outsider, ch, 'not mine'))).toBe('channel_not_found')
    expect(
      await refusal(schedule(member, ch, 'a file elsewhere', inMinutes(60), [{ path: 'a/b/c' }]))
    ).toBe('attachment_path_invalid')
    const ok = await schedule(member, ch, 'fine', inMinutes(119 * 24 * 60))
    expect(
      await refusal(as(member, (tx) => tx`select public.update_scheduled_message(${ok.id}, ${''})`))
    ).toBe('message_empty')
    expect(
      await refusal(
        as(
          member,
          (tx) =>
            tx`select public.update_scheduled_message(${ok.id}, null, ${inMinutes(-5)}::timestamptz)`
        )
      )
    ).toBe('scheduled_time_past')
    // The table itself is read-only to people: every change goes through the RPCs.
    await expect(
      as(
        member,
        (tx) => tx`update public.scheduled_messages set body = 'sneaky' where id = ${ok.id}`
      )
    ).rejects.toThrow(/permission denied/)
    await as(member, (tx) => tx`select public.cancel_scheduled_message(${ok.id})`)
  })

  it('sends what is due as its author, with its files, once even when two runs overlap', async () => {
    const { member, admin } = world.people
    const id = randomUUID()
    const filePath = await attachmentPath(stack.sql, world.ch.plaza, id, 'plan.txt')
    await makeStoredObject(stack.sql, 'attachments', filePath, member)
    await schedule(
      member,
      world.ch.plaza,
      'the plan, attached',
      inMinutes(5),
      [{ path: filePath, name: 'plan.txt' }],
      id
    )
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) => schedule(member, world.ch.plaza, `batch ${i}`))
    )
    const notYet = await schedule(admin, world.ch.plaza, 'not yet')
    for (const row of [{ id }, ...others]) await makeDue(row.id)

    // Two runs at once (as two overlapping ticks would be): each row is claimed by one of them.
    await Promise.all([run(), run()])

    expect(await message(id)).toMatchObject({ author_id: member.id, body: 'the plan, attached' })
    const files =
      await stack.sql`select path, name from public.attachments where message_id = ${id}`
    expect(files).toEqual([{ path: filePath, name: 'plan.txt' }])
    const sent = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.messages
      where id = any(${others.map((o) => o.id)}::uuid[])`
    expect(sent[0]!.n).toBe(6)
    const batchBodies = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.messages
      where channel_id = ${world.ch.plaza} and body like 'batch %'`
    expect(batchBodies[0]!.n).toBe(6)
    expect((await mine(member)).map((r) => r.id)).toEqual([])
    expect(await message(notYet.id)).toBeUndefined()
    expect((await mine(admin)).map((r) => r.id)).toEqual([notYet.id])

    // A second run finds nothing more to send.
    await run()
    expect(
      (await stack.sql`select count(*)::int as n from public.messages where id = ${id}`)[0]!.n
    ).toBe(1)
    await as(admin, (tx) => tx`select public.cancel_scheduled_message(${notYet.id})`)
  })

  it('does not send for someone who left the channel, and tells them', async () => {
    const { member } = world.people
    const row = await schedule(member, world.ch.plaza, 'after I left')
    // Removed from the channel (as leaving or being removed does).
    await stack.sql`delete from public.channel_members
      where channel_id = ${world.ch.plaza} and user_id = ${member.id}`
    await makeDue(row.id)
    await run()

    expect(await message(row.id)).toBeUndefined()
    const [kept] = await mine(member)
    expect(kept).toMatchObject({ id: row.id, failed_code: 'not_channel_member' })
    expect(kept!.failed_at).not.toBeNull()
    const told = await stack.sql<{ code: string }[]>`
      select payload -> 'record' ->> 'failed_code' as code from realtime.messages
      where topic = ${'live:user:' + member.id} and payload ->> 'table' = 'scheduled_messages'
        and payload -> 'record' ->> 'id' = ${row.id} and payload -> 'record' ->> 'failed_at' is not null`
    expect(told.map((t) => t.code)).toEqual(['not_channel_member'])

    // A failed one is not tried again; sending it now is refused as any send would be.
    await run()
    expect(await message(row.id)).toBeUndefined()
    await expect(
      as(member, (tx) => tx`select public.send_scheduled_message_now(${row.id})`)
    ).rejects.toThrow()

    // Back in the channel, rescheduling puts it back in line, and send now sends it.
    await stack.sql`insert into public.channel_members (channel_id, user_id)
      values (${world.ch.plaza}, ${member.id}) on conflict do nothing`
    const again = await as(
      member,
      async (tx) =>
        (
          await tx<Row[]>`
          select * from public.update_scheduled_message(${row.id}, null, ${inMinutes(10)}::timestamptz)`
        )[0]!
    )
    expect(again.failed_at).toBeNull()
    await as(member, (tx) => tx`select public.send_scheduled_message_now(${row.id})`)
    expect(await message(row.id)).toMatchObject({ author_id: member.id, body: 'after I left' })
    expect(await mine(member)).toEqual([])
    // Sending again (a retried request) answers with the message sent.
    const [retried] = await as(
      member,
      (tx) => tx<{ id: string }[]>`select id from public.send_scheduled_message_now(${row.id})`
    )
    expect(retried!.id).toBe(row.id)
  })

  it('sends a reply scheduled in a thread into that thread', async () => {
    const { member, admin } = world.people
    const parent = await makeMessage(stack.sql, admin, world.ch.plaza, 'which day works?')
    const id = randomUUID()
    await as(
      member,
      (tx) => tx`select public.schedule_message(${id}, ${world.ch.plaza}, ${'Tuesday'},
        ${inMinutes(60)}::timestamptz, '[]'::jsonb, ${parent}, true)`
    )
    await makeDue(id)
    await run()
    const [reply] = await stack.sql<{ parent_id: string; in_channel: boolean }[]>`
      select parent_id, in_channel from public.messages where id = ${id}`
    expect(reply).toEqual({ parent_id: parent, in_channel: true })
    // Not a reply to a message of another channel.
    expect(
      await refusal(
        as(
          member,
          (tx) => tx`select public.schedule_message(${randomUUID()}, ${world.ch.general}, ${'x'},
            ${inMinutes(60)}::timestamptz, '[]'::jsonb, ${parent})`
        )
      )
    ).toBe('reply_parent_not_in_channel')
  })

  it('sends at the level of the session that scheduled it, not two-factor by itself', async () => {
    const { member } = world.people
    const row = await schedule(member, world.ch.plaza, 'before two-factor was required')
    const stored = await stack.sql<{ session_aal: string }[]>`
      select session_aal from public.scheduled_messages where id = ${row.id}`
    expect(stored[0]!.session_aal).toBe('aal1')
    await stack.sql`update public.workspaces set require_mfa = true where id = ${world.ws}`
    try {
      await makeDue(row.id)
      await run()
      expect(await message(row.id)).toBeUndefined()
      // (Read as the stack: at one-factor level the author sees nothing of this workspace now.)
      const [failed] = await stack.sql<Row[]>`
        select * from public.scheduled_messages where id = ${row.id}`
      expect(failed).toMatchObject({ failed_code: 'insufficient_aal' })
      // Rescheduled from a two-factor session, it goes out at that level.
      await stack.sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true),
          set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(member), aal: 'aal2' })}, true)`
        await tx`select public.update_scheduled_message(${row.id}, null, ${inMinutes(5)}::timestamptz)`
      })
      await makeDue(row.id)
      await run()
      expect(await message(row.id)).toMatchObject({ author_id: member.id })
    } finally {
      await stack.sql`update public.workspaces set require_mfa = false where id = ${world.ws}`
    }
  })

  it("forgets only the caller's own scheduled message", async () => {
    const { member, admin } = world.people
    const row = await schedule(member, world.ch.plaza, 'mine to forget')
    await as(admin, (tx) => tx`select private.forget_scheduled_message(${row.id})`)
    expect((await mine(member)).map((r) => r.id)).toContain(row.id)
    await as(member, (tx) => tx`select public.cancel_scheduled_message(${row.id})`)
  })

  it('does not send into a channel archived since', async () => {
    const { member, owner } = world.people
    const ch = await as(
      owner,
      async (tx) =>
        (
          await tx<{ id: string }[]>`
          select id from public.create_channel(${world.ws}, 'soon-archived', 'public', '',
            ${[member.id]})`
        )[0]!.id
    )
    const row = await schedule(member, ch, 'into the archive')
    await as(owner, (tx) => tx`select public.archive_channel(${ch})`)
    await makeDue(row.id)
    await run()
    expect(await message(row.id)).toBeUndefined()
    expect((await mine(member)).find((r) => r.id === row.id)).toMatchObject({
      failed_code: 'channel_archived',
    })
  })
})
