// Announcement channels (issue 71, item 8) on the real database: who may change who posts, and
// every path that writes a message asked the one rule: send_message and a plain insert (REST), a
// bot's account, an incoming webhook (as its creator), a slash command (its runner), a scheduled
// message (when scheduled and when it comes due); thread replies open or closed by the second
// setting, a reply also sent to the channel being a post; reactions and edits stay open; the
// import writes history as it was. Each change in the audit log and on the channel's topic.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { pauseJob } from './support/job-runs.ts'
import { asRole, asUser, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { detail?: string }) => error.detail ?? String(error)
  )

interface State {
  who: string
  replies: boolean
  may_post: boolean
  may_reply: boolean
  may_manage: boolean
  posters: string[]
}

const setPosting = (
  person: Person,
  channel: string,
  who: string,
  replies = true,
  people: string[] | null = null
) =>
  as(
    person,
    async (tx) =>
      (
        await tx<{ s: State }[]>`
        select public.set_channel_posting(${channel}, ${who}, ${replies}, ${people}::uuid[]) as s`
      )[0]!.s
  )

const stateOf = (person: Person, channel: string) =>
  as(
    person,
    async (tx) =>
      (await tx<{ s: State }[]>`select public.channel_posting_state(${channel}) as s`)[0]!.s
  )

const send = (person: Person, channel: string, parent: string | null = null, also = false) =>
  as(
    person,
    (tx) =>
      tx`select public.send_message(${randomUUID()}, ${channel}, 'hi', '[]'::jsonb, ${parent},
        ${also})`
  )

/** A channel of its own per test: made by member (its creator), with admin and member2 in it. */
async function freshChannel() {
  const { member, admin, member2 } = world.people
  return as(
    member,
    async (tx) =>
      (
        await tx<{ id: string }[]>`
        select id from public.create_channel(${world.ws}, ${'news-' + randomUUID().slice(0, 8)},
          'public', '', ${[admin.id, member2.id]})`
      )[0]!.id
  )
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  await pauseJob(stack, 'chorus-scheduled-messages')
})

afterAll(async () => {
  await stack?.stop()
})

describe('who may change who posts', () => {
  it('is the workspace’s admins and the channel’s creator; never in a DM; bad input refused', async () => {
    const { member, member2, admin, owner } = world.people
    const ch = await freshChannel()
    expect(await stateOf(member2, ch)).toEqual({
      who: 'everyone',
      replies: true,
      may_post: true,
      may_reply: true,
      may_manage: false,
      posters: [],
    })
    expect(await refusal(setPosting(member2, ch, 'admins'))).toBe('channel_manager_only')
    expect((await setPosting(member, ch, 'admins')).who).toBe('admins')
    expect((await setPosting(admin, ch, 'listed', false, [member2.id])).posters).toEqual([
      member2.id,
    ])
    expect(await refusal(setPosting(owner, ch, 'nobody'))).toBe('invalid_argument')
    expect(await refusal(setPosting(owner, ch, 'listed', true, [world.people.outsider.id]))).toBe(
      'not_workspace_member'
    )
    const many = Array.from({ length: 101 }, () => randomUUID())
    expect(await refusal(setPosting(owner, ch, 'listed', true, many))).toBe('too_many_posters')
    expect(await refusal(setPosting(owner, world.ch.dm, 'admins'))).toBe('dm_not_editable')
    // The outsider does not see the channel at all.
    expect(await refusal(stateOf(world.people.outsider, ch))).toBe('channel_not_found')
    // Nobody writes the tables but through the function.
    expect(
      await refusal(
        as(
          member,
          (tx) => tx`insert into public.channel_posters (channel_id, workspace_id, user_id)
            values (${ch}, ${world.ws}, ${member.id})`
        )
      )
    ).not.toBeNull()
  })

  it('is in the audit log, and live on the channel’s topic', async () => {
    const { owner, member2 } = world.people
    const ch = await freshChannel()
    await setPosting(owner, ch, 'listed', false, [member2.id])
    await setPosting(owner, ch, 'everyone', true, [])
    const log = await stack.sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from public.audit_log
      where target_id = ${ch} and action like 'channel.post%' order by id`
    expect(log.map((e) => e.action).sort()).toEqual([
      'channel.poster_added',
      'channel.poster_removed',
      'channel.posting_changed',
      'channel.posting_changed',
    ])
    expect(log.filter((e) => e.action === 'channel.posting_changed').map((e) => e.details)).toEqual(
      [
        { from: 'everyone', to: 'listed', replies: false },
        { from: 'listed', to: 'everyone', replies: true },
      ]
    )
    const topics = await stack.sql<{ table: string }[]>`
      select payload ->> 'table' as table from realtime.messages
      where topic = ${'live:channel:' + ch} and payload ->> 'table' like 'channel_post%'`
    expect(new Set(topics.map((t) => t.table))).toEqual(
      new Set(['channel_posting', 'channel_posters'])
    )
  })
})

describe('every path that writes a message', () => {
  it('send_message and a plain insert: admins and the listed post, others are refused', async () => {
    const { member, member2, admin, owner } = world.people
    const ch = await freshChannel()
    await send(member2, ch)
    await setPosting(member, ch, 'admins')
    expect(await refusal(send(member2, ch))).toBe('channel_posting_restricted')
    // The creator who set it is no admin of the workspace: refused too, until listed.
    expect(await refusal(send(member, ch))).toBe('channel_posting_restricted')
    expect(await refusal(send(admin, ch))).toBeNull()
    expect(
      await refusal(
        as(
          member2,
          (tx) => tx`insert into public.messages (id, channel_id, author_id, body)
            values (${randomUUID()}, ${ch}, ${member2.id}, 'direct')`
        )
      )
    ).toBe('channel_posting_restricted')
    await setPosting(owner, ch, 'listed', true, [member.id])
    expect(await refusal(send(member, ch))).toBeNull()
    expect(await refusal(send(member2, ch))).toBe('channel_posting_restricted')
    expect((await stateOf(member2, ch)).may_post).toBe(false)
    expect((await stateOf(member, ch)).may_post).toBe(true)
    // "Admins only" keeps the list but does not use it; back to everyone opens it all.
    await setPosting(owner, ch, 'admins')
    expect(await refusal(send(member, ch))).toBe('channel_posting_restricted')
    expect((await stateOf(owner, ch)).posters).toEqual([member.id])
    await setPosting(owner, ch, 'everyone')
    expect(await refusal(send(member2, ch))).toBeNull()
  })

  it('replies: open by default (not also to the channel), closed by the second setting', async () => {
    const { member2, admin, owner } = world.people
    const ch = await freshChannel()
    const parent = await makeMessage(stack.sql, admin, ch, 'Announcement')
    await setPosting(owner, ch, 'admins', true)
    expect(await refusal(send(member2, ch, parent))).toBeNull()
    expect(await refusal(send(member2, ch, parent, true))).toBe('channel_posting_restricted')
    // "Also send to #channel" is a post, however it is written: a plain insert, a poll
    expect(
      await refusal(
        as(
          member2,
          (
            tx
          ) => tx`insert into public.messages (id, channel_id, author_id, body, parent_id, in_channel)
            values (${randomUUID()}, ${ch}, ${member2.id}, 'also', ${parent}, true)`
        )
      )
    ).toBe('channel_posting_restricted')
    const poll = (also: boolean) =>
      as(
        member2,
        (tx) => tx`select public.create_poll(${randomUUID()}, ${ch}, 'Q?', ${['a', 'b']}::text[],
          false, false, null, ${parent}, ${also})`
      )
    expect(await refusal(poll(true))).toBe('channel_posting_restricted')
    expect(await refusal(poll(false))).toBeNull()
    expect(await stateOf(member2, ch)).toMatchObject({ may_post: false, may_reply: true })
    await setPosting(owner, ch, 'admins', false)
    expect(await refusal(send(member2, ch, parent))).toBe('channel_replies_restricted')
    expect(await stateOf(member2, ch)).toMatchObject({ may_post: false, may_reply: false })
    expect(await refusal(send(admin, ch, parent))).toBeNull()
  })

  it('reactions, edits and deletions stay open', async () => {
    const { member2, owner } = world.people
    const ch = await freshChannel()
    const mine = await makeMessage(stack.sql, member2, ch, 'before the change')
    await setPosting(owner, ch, 'admins', false)
    expect(
      await refusal(as(member2, (tx) => tx`select public.set_reaction(${mine}, '🎉', true)`))
    ).toBeNull()
    expect(
      await refusal(
        as(member2, (tx) => tx`update public.messages set body = 'edited' where id = ${mine}`)
      )
    ).toBeNull()
    expect(
      (await stack.sql<{ body: string }[]>`select body from public.messages where id = ${mine}`)[0]!
        .body
    ).toBe('edited')
  })

  it('a bot posts as its account: refused until listed', async () => {
    const { admin, owner } = world.people
    const ch = await freshChannel()
    const [bot] = await as(
      admin,
      (tx) => tx<{ id: string }[]>`select * from public.create_bot(${world.ws}, 'Newsbot')`
    )
    await as(admin, (tx) => tx`select public.add_channel_members(${ch}, ${[bot!.id]})`)
    const asBot: Person = { id: bot!.id, email: '', token: '' }
    await setPosting(owner, ch, 'admins')
    expect(await refusal(send(asBot, ch))).toBe('channel_posting_restricted')
    await setPosting(owner, ch, 'listed', true, [bot!.id])
    expect(await refusal(send(asBot, ch))).toBeNull()
  })

  it('an incoming webhook posts where its creator may', async () => {
    const { admin, owner } = world.people
    const ch = await freshChannel()
    const [hook] = await as(
      admin,
      (tx) => tx<{ id: string; secret: string }[]>`
        select * from public.create_incoming_webhook(${ch}, 'Feed', ':robot_face:')`
    )
    await setPosting(owner, ch, 'admins')
    const post = () =>
      refusal(
        stack.sql`select public.post_incoming_webhook(${hook!.id}, ${hook!.secret},
          ${randomUUID()}, 'x')`
      )
    expect(await post()).toBeNull()
    // Its creator no longer an admin: the webhook no longer posts here, and nothing is left.
    await as(owner, (tx) => tx`select public.set_member_role(${world.ws}, ${admin.id}, 'member')`)
    try {
      expect(await post()).toBe('channel_posting_restricted')
    } finally {
      await as(owner, (tx) => tx`select public.set_member_role(${world.ws}, ${admin.id}, 'admin')`)
    }
    const [counted] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.messages where channel_id = ${ch} and body = 'x'`
    expect(counted!.n).toBe(1)
  })

  it('a slash command runs only where its runner may post', async () => {
    const { member2, admin, owner } = world.people
    const ch = await freshChannel()
    await as(
      admin,
      (tx) => tx`select * from public.create_slash_command(${world.ws}, '/news',
        'https://example.com/news', 'News', '')`
    )
    await setPosting(owner, ch, 'admins')
    const run = (person: Person) =>
      refusal(as(person, (tx) => tx`select * from public.start_slash_command(${ch}, '/news', 'x')`))
    expect(await run(member2)).toBe('channel_posting_restricted')
    expect(await run(admin)).toBeNull()
  })

  it('a scheduled message: refused when scheduled, and not sent when it comes due', async () => {
    const { member2, owner } = world.people
    const ch = await freshChannel()
    const schedule = (id: string) =>
      as(
        member2,
        (tx) => tx`select public.schedule_message(${id}, ${ch}, 'later',
          ${new Date(Date.now() + 3_600_000).toISOString()}::timestamptz)`
      )
    const early = randomUUID()
    await schedule(early)
    await setPosting(owner, ch, 'admins')
    expect(await refusal(schedule(randomUUID()))).toBe('channel_posting_restricted')
    await stack.sql`update public.scheduled_messages set send_at = now() - interval '1 second'
      where id = ${early}`
    await stack.sql`call private.run_scheduled_messages()`
    const [row] = await stack.sql<{ failed_code: string | null }[]>`
      select failed_code from public.scheduled_messages where id = ${early}`
    expect(row?.failed_code).toBe('channel_posting_restricted')
    expect(await stack.sql`select 1 from public.messages where id = ${early}`).toHaveLength(0)
  })

  it('the import writes history as it was', async () => {
    const { member2, owner } = world.people
    const ch = await freshChannel()
    await setPosting(owner, ch, 'admins', false)
    const id = randomUUID()
    // (history says so on its row: the import that brought it in)
    await stack.sql`insert into public.messages (id, channel_id, author_id, body, created_at, import_id)
      values (${id}, ${ch}, ${member2.id}, 'from the archive', now() - interval '1 year', ${randomUUID()})`
    expect(await stack.sql`select 1 from public.messages where id = ${id}`).toHaveLength(1)
    // asUser (superuser with a person's claims) is not the import: refused.
    expect(
      await refusal(
        asUser(
          stack.sql,
          member2,
          (tx) => tx`select public.send_message(${randomUUID()}, ${ch}, 'x')`
        )
      )
    ).toBe('channel_replies_restricted')
  })
})
