// Threads through the RPCs as the app calls them (role authenticated, the caller's claims):
// replies numbered per thread, idempotent, in the channel only when also sent there; the
// parent's summary; following (automatic and by hand), read positions and the Threads view;
// the refusals (a reply to a reply, to another channel's message, in an archived channel). An
// archived channel's threads: rpc-threads-archived.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { threadTools } from './support/threads.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let pool: Sql

const { reply, rpc, summary, follows, lastSeq } = threadTools(() => ({ stack, world }))

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  pool = postgres(stack.dbUrl, { max: 6, onnotice: () => {} })
})

afterAll(async () => {
  await pool?.end({ timeout: 2 })
  await stack?.stop()
})

describe('replies', () => {
  it('numbers replies per thread, keeps them out of the channel and its unread count', async () => {
    const { owner, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'a question')
    const channelSeq = await lastSeq(world.ch.plaza)
    const first = await reply(member, world.ch.plaza, parent, 'an answer')
    const second = await reply(owner, world.ch.plaza, parent, 'thanks')
    expect([first.thread_seq, second.thread_seq].map(Number)).toEqual([1, 2])
    expect([first.in_channel, second.in_channel]).toEqual([false, false])
    expect(await lastSeq(world.ch.plaza)).toBe(channelSeq)

    const page = await rpc(
      member,
      (tx) => tx<{ id: string; thread: unknown }[]>`
      select id, thread from public.message_page(${world.ch.plaza}, null, null, 200)`
    )
    expect(page.map((m) => m.id)).toContain(parent)
    expect(page.map((m) => m.id)).not.toContain(first.id)
    expect(page.find((m) => m.id === parent)?.thread).toMatchObject({ reply_count: 2, last_seq: 2 })

    const replies = await rpc(
      member,
      (tx) => tx<{ id: string; thread_seq: string }[]>`
      select id, thread_seq from public.thread_page(${parent})`
    )
    expect(replies.map((r) => [r.id, Number(r.thread_seq)])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ])
    const after = await rpc(
      member,
      (tx) => tx<{ id: string }[]>`
      select id from public.thread_page(${parent}, null, 1)`
    )
    expect(after.map((r) => r.id)).toEqual([second.id])
  })

  it('puts a reply also sent to the channel in the channel with the next channel number', async () => {
    const { owner, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'release today?')
    const channelSeq = await lastSeq(world.ch.plaza)
    const shared = await reply(member, world.ch.plaza, parent, 'yes, at 5', { inChannel: true })
    expect(shared).toMatchObject({ in_channel: true, parent_id: parent })
    expect(Number(shared.seq)).toBe(channelSeq + 1)
    expect(Number(shared.thread_seq)).toBe(1)
    const page = await rpc(
      member,
      (tx) => tx<{ id: string }[]>`
      select id from public.message_page(${world.ch.plaza}, null, ${channelSeq})`
    )
    expect(page.map((m) => m.id)).toEqual([shared.id])
  })

  it('is idempotent: a retried reply is one reply and takes no new number', async () => {
    const parent = await makeMessage(stack.sql, world.people.owner, world.ch.plaza, 'retry me')
    const id = randomUUID()
    const first = await reply(world.people.member, world.ch.plaza, parent, 'once', { id })
    const again = await reply(world.people.member, world.ch.plaza, parent, 'once', { id })
    expect(again).toEqual(first)
    expect(await summary(parent)).toMatchObject({ reply_count: 1, last_seq: '1' })
  })

  it('gives concurrent repliers distinct, gap-free thread numbers', async () => {
    const parent = await makeMessage(stack.sql, world.people.owner, world.ch.general, 'busy')
    const people = [
      world.people.owner,
      world.people.admin,
      world.people.member,
      world.people.member2,
    ]
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reply(people[i % people.length]!, world.ch.general, parent, `r${i}`, { sql: pool })
      )
    )
    expect(rows.map((r) => Number(r.thread_seq)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1)
    )
    expect(await summary(parent)).toMatchObject({ reply_count: 12, last_seq: '12' })
  })

  it('refuses a reply to a reply, to a message of another channel, and in an archived channel', async () => {
    const { owner, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'top')
    const first = await reply(member, world.ch.plaza, parent, 'first')
    await expect(reply(owner, world.ch.plaza, first.id, 'nested')).rejects.toMatchObject({
      code: '22023',
      message: 'You cannot reply to a reply.',
      hint: 'Reply in that thread instead.',
    })
    await expect(reply(owner, world.ch.general, parent, 'elsewhere')).rejects.toMatchObject({
      code: '22023',
      message: 'The message you reply to is not in this channel.',
    })
    await expect(reply(owner, world.ch.plaza, randomUUID(), 'nothing')).rejects.toMatchObject({
      code: '22023',
      message: 'The message you reply to is not in this channel.',
    })
    const [atticMessage] = await stack.sql<{ id: string }[]>`
      select id from public.messages where channel_id = ${world.ch.attic} limit 1`
    await expect(reply(owner, world.ch.attic, atticMessage!.id, 'late')).rejects.toMatchObject({
      code: '42501',
      message: 'This channel is archived; messages can no longer be sent.',
    })
    expect(await summary(parent)).toMatchObject({ reply_count: 1 })
  })

  it('refuses the same id sent again as a reply to another parent', async () => {
    const a = await makeMessage(stack.sql, world.people.owner, world.ch.plaza, 'a')
    const b = await makeMessage(stack.sql, world.people.owner, world.ch.plaza, 'b')
    const id = randomUUID()
    await reply(world.people.member, world.ch.plaza, a, 'to a', { id })
    await expect(
      reply(world.people.member, world.ch.plaza, b, 'to a', { id })
    ).rejects.toMatchObject({
      code: '23505',
    })
  })
})

describe('the summary', () => {
  it('keeps the count, the last repliers (latest first, at most three) and the last reply time', async () => {
    const { owner, admin, member, member2 } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.general, 'summary')
    await reply(member, world.ch.general, parent, '1')
    await reply(admin, world.ch.general, parent, '2')
    await reply(member2, world.ch.general, parent, '3')
    const last = await reply(member, world.ch.general, parent, '4')
    const s = await summary(parent)
    expect(s).toMatchObject({ reply_count: 4, last_seq: '4' })
    expect(s!.last_repliers).toEqual([member.id, member2.id, admin.id])

    await asRole(stack.sql, member, (tx) => tx`select public.delete_message(${last.id})`)
    const afterDelete = await summary(parent)
    expect(afterDelete).toMatchObject({ reply_count: 3, last_seq: '4' })
    expect(afterDelete!.last_repliers).toEqual([member2.id, admin.id, member.id])
  })

  it('keeps the summary when a reply is edited, and updates it when one is deleted', async () => {
    const { owner, admin, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'edit replies')
    const first = await reply(member, world.ch.plaza, parent, 'frist')
    const second = await reply(admin, world.ch.plaza, parent, 'second')
    const before = await summary(parent)
    expect(before).toMatchObject({ reply_count: 2, last_seq: '2' })

    await rpc(member, (tx) => tx`select public.edit_message(${first.id}, 'first')`)
    expect(await summary(parent)).toEqual(before)
    const replies = await rpc(
      member,
      (tx) => tx<{ body: string; edited_at: Date | null }[]>`
      select body, edited_at from public.thread_page(${parent})`
    )
    expect(replies.map((r) => [r.body, r.edited_at !== null])).toEqual([
      ['first', true],
      ['second', false],
    ])

    await asRole(stack.sql, admin, (tx) => tx`select public.delete_message(${second.id})`)
    const after = await summary(parent)
    expect(after).toMatchObject({ reply_count: 1, last_seq: '2', last_repliers: [member.id] })
    expect(after!.last_reply_at).toEqual(
      (
        await stack.sql<{ created_at: Date }[]>`
        select created_at from public.messages where id = ${first.id}`
      )[0]!.created_at
    )
  })

  it('keeps the thread when its parent is deleted', async () => {
    const parent = await makeMessage(stack.sql, world.people.owner, world.ch.plaza, 'going away')
    await reply(world.people.member, world.ch.plaza, parent, 'still here')
    await asRole(stack.sql, world.people.owner, (tx) => tx`select public.delete_message(${parent})`)
    const replies = await rpc(
      world.people.member,
      (tx) => tx<{ body: string }[]>`
      select body from public.thread_page(${parent})`
    )
    expect(replies.map((r) => r.body)).toEqual(['still here'])
    expect(await summary(parent)).toMatchObject({ reply_count: 1 })
  })
})

describe('following and reading', () => {
  it('makes the parent author, the repliers and the mentioned follow; follow and unfollow by hand', async () => {
    const { owner, admin, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'follow me')
    await reply(member, world.ch.plaza, parent, `asking <@${admin.id}>`)
    expect(await follows(parent)).toEqual({ [owner.id]: true, [member.id]: true, [admin.id]: true })

    const off = await rpc(
      owner,
      (tx) => tx<{ follow_thread: boolean }[]>`
      select public.follow_thread(${parent}, false)`
    )
    expect(off[0]!.follow_thread).toBe(false)
    await reply(member, world.ch.plaza, parent, 'again')
    expect((await follows(parent))[owner.id]).toBe(false)
    await rpc(owner, (tx) => tx`select public.follow_thread(${parent})`)
    expect((await follows(parent))[owner.id]).toBe(true)
  })

  it('lists followed threads with unread first and clears them when read', async () => {
    const { owner, member } = world.people
    const quiet = await makeMessage(stack.sql, member, world.ch.plaza, 'read thread')
    await reply(owner, world.ch.plaza, quiet, 'seen')
    await rpc(member, (tx) => tx`select public.mark_thread_read(${quiet})`)
    const busy = await makeMessage(stack.sql, member, world.ch.plaza, 'unread thread')
    await reply(owner, world.ch.plaza, busy, 'one')
    await reply(owner, world.ch.plaza, busy, 'two')

    type Listed = {
      id: string
      unread_count: string
      reply_count: number
      parent: { body: string }
    }
    const list = () =>
      rpc(member, (tx) => tx<Listed[]>`select * from public.threads(${world.ws}, 500)`)
    const listed = await list()
    const ids = listed.map((t) => t.id)
    expect(ids.indexOf(busy)).toBeLessThan(ids.indexOf(quiet))
    expect(listed.find((t) => t.id === busy)).toMatchObject({
      unread_count: '2',
      reply_count: 2,
      parent: { body: 'unread thread' },
    })
    expect(listed.find((t) => t.id === quiet)).toMatchObject({ unread_count: '0' })
    for (const t of listed) {
      if (Number(t.unread_count) === 0) expect(ids.indexOf(t.id)).toBeGreaterThan(ids.indexOf(busy))
    }

    const pos = await rpc(
      member,
      (tx) => tx<{ mark_thread_read: string }[]>`
      select public.mark_thread_read(${busy}, 1)`
    )
    expect(pos[0]!.mark_thread_read).toBe('1')
    const back = await rpc(
      member,
      (tx) => tx<{ mark_thread_read: string }[]>`
      select public.mark_thread_read(${busy}, 0)`
    )
    expect(back[0]!.mark_thread_read).toBe('1')
    await rpc(member, (tx) => tx`select public.mark_thread_read(${busy})`)
    expect((await list()).find((t) => t.id === busy)).toMatchObject({ unread_count: '0' })
  })

  it('counts unread replies of followed threads in the workspace total', async () => {
    const { owner, member } = world.people
    const total = async () =>
      Number(
        (
          await rpc(
            member,
            (tx) => tx<{ id: string; unread_count: string }[]>`
            select id, unread_count from public.my_workspaces()`
          )
        ).find((w) => w.id === world.ws)!.unread_count
      )
    const parent = await makeMessage(stack.sql, member, world.ch.plaza, 'count me')
    const before = await total()
    await reply(owner, world.ch.plaza, parent, 'new')
    expect(await total()).toBe(before + 1)
  })

  it('stops following the threads of a channel you leave, and hides them from the Threads view', async () => {
    const { owner, member } = world.people
    const room = await asRole(stack.sql, owner, async (tx) => {
      const [c] = await tx<{ id: string }[]>`
        select id from public.create_channel(${world.ws}, ${`leave-${randomUUID().slice(0, 6)}`}, 'public', '', ${[member.id]})`
      return c!.id
    })
    const parent = await makeMessage(stack.sql, member, room, 'mine')
    await reply(owner, room, parent, 'hi')
    expect((await follows(parent))[member.id]).toBe(true)
    const unread = async () =>
      (
        await rpc(
          member,
          (tx) => tx<{ id: string; unread_count: string }[]>`
          select id, unread_count from public.my_workspaces()`
        )
      ).find((w) => w.id === world.ws)!.unread_count
    await rpc(member, (tx) => tx`select public.leave_channel(${room})`)
    expect((await follows(parent))[member.id]).toBeUndefined()
    // New replies to the thread of their own message neither follow them again nor count.
    const total = await unread()
    await reply(owner, room, parent, 'are you still there?')
    expect((await follows(parent))[member.id]).toBeUndefined()
    expect(await unread()).toBe(total)
    const listed = await rpc(
      member,
      (tx) => tx<{ id: string }[]>`
      select id from public.threads(${world.ws}, 500)`
    )
    expect(listed.map((t) => t.id)).not.toContain(parent)
    await expect(
      rpc(member, (tx) => tx`select public.follow_thread(${parent})`)
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
  })

  it('refuses following or reading a thread of a channel you cannot read, or of a reply', async () => {
    const { owner, admin, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.quiet, 'private')
    const r = await reply(member, world.ch.quiet, parent, 'psst')
    await expect(
      rpc(admin, (tx) => tx`select public.follow_thread(${parent})`)
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
    await expect(
      rpc(admin, (tx) => tx`select public.mark_thread_read(${parent})`)
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
    expect(await rpc(admin, (tx) => tx`select id from public.thread_page(${parent})`)).toHaveLength(
      0
    )
    await expect(
      rpc(member, (tx) => tx`select public.follow_thread(${r.id})`)
    ).rejects.toMatchObject({ code: '22023', message: 'A reply has no thread of its own.' })
  })
})
