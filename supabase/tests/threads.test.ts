// Threads through the RPCs as the app calls them (role authenticated, the caller's claims):
// replies numbered per thread, idempotent, in the channel only when also sent there; the
// parent's summary; the refusals (a reply to a reply, to another channel's message, in an
// archived channel). Following, read positions and the Threads view:
// threads-following.test.ts; an archived channel's threads: threads-archived.test.ts.
// The set-up is support/threads-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useThreadsWorld } from './support/threads-world.ts'
import { asRole, makeMessage } from './support/world.ts'

const t = useThreadsWorld()
const { reply, rpc, summary, lastSeq } = t.tools

describe('replies', () => {
  it('numbers replies per thread, keeps them out of the channel and its unread count', async () => {
    const { owner, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'a question')
    const channelSeq = await lastSeq(t.world.ch.plaza)
    const first = await reply(member, t.world.ch.plaza, parent, 'an answer')
    const second = await reply(owner, t.world.ch.plaza, parent, 'thanks')
    expect([first.thread_seq, second.thread_seq].map(Number)).toEqual([1, 2])
    expect([first.in_channel, second.in_channel]).toEqual([false, false])
    expect(await lastSeq(t.world.ch.plaza)).toBe(channelSeq)

    const page = await rpc(
      member,
      (tx) => tx<{ id: string; thread: unknown }[]>`
      select id, thread from public.message_page(${t.world.ch.plaza}, null, null, 200)`
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
    const { owner, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'release today?')
    const channelSeq = await lastSeq(t.world.ch.plaza)
    const shared = await reply(member, t.world.ch.plaza, parent, 'yes, at 5', { inChannel: true })
    expect(shared).toMatchObject({ in_channel: true, parent_id: parent })
    expect(Number(shared.seq)).toBe(channelSeq + 1)
    expect(Number(shared.thread_seq)).toBe(1)
    const page = await rpc(
      member,
      (tx) => tx<{ id: string }[]>`
      select id from public.message_page(${t.world.ch.plaza}, null, ${channelSeq})`
    )
    expect(page.map((m) => m.id)).toEqual([shared.id])
  })

  it('is idempotent: a retried reply is one reply and takes no new number', async () => {
    const parent = await makeMessage(
      t.stack.sql,
      t.world.people.owner,
      t.world.ch.plaza,
      'retry me'
    )
    const id = randomUUID()
    const first = await reply(t.world.people.member, t.world.ch.plaza, parent, 'once', { id })
    const again = await reply(t.world.people.member, t.world.ch.plaza, parent, 'once', { id })
    expect(again).toEqual(first)
    expect(await summary(parent)).toMatchObject({ reply_count: 1, last_seq: '1' })
  })

  it('gives concurrent repliers distinct, gap-free thread numbers', async () => {
    const parent = await makeMessage(t.stack.sql, t.world.people.owner, t.world.ch.general, 'busy')
    const people = [
      t.world.people.owner,
      t.world.people.admin,
      t.world.people.member,
      t.world.people.member2,
    ]
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reply(people[i % people.length]!, t.world.ch.general, parent, `r${i}`, { sql: t.pool })
      )
    )
    expect(rows.map((r) => Number(r.thread_seq)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1)
    )
    expect(await summary(parent)).toMatchObject({ reply_count: 12, last_seq: '12' })
  })

  it('refuses a reply to a reply, to a message of another channel, and in an archived channel', async () => {
    const { owner, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'top')
    const first = await reply(member, t.world.ch.plaza, parent, 'first')
    await expect(reply(owner, t.world.ch.plaza, first.id, 'nested')).rejects.toMatchObject({
      code: '22023',
      message: `You cannot reply to a reply: message ${first.id} is a reply in the thread of ${parent}.`,
      detail: 'reply_to_reply',
      hint: 'Reply in that thread instead.',
    })
    await expect(reply(owner, t.world.ch.general, parent, 'elsewhere')).rejects.toMatchObject({
      code: '22023',
      message: 'The message you reply to is not in this channel.',
      detail: 'reply_parent_not_in_channel',
    })
    await expect(reply(owner, t.world.ch.plaza, randomUUID(), 'nothing')).rejects.toMatchObject({
      code: '22023',
      message: 'The message you reply to is not in this channel.',
      detail: 'reply_parent_not_in_channel',
    })
    const [atticMessage] = await t.stack.sql<{ id: string }[]>`
      select id from public.messages where channel_id = ${t.world.ch.attic} limit 1`
    await expect(reply(owner, t.world.ch.attic, atticMessage!.id, 'late')).rejects.toMatchObject({
      code: '22023',
      message: 'This channel is archived; messages can no longer be sent.',
      detail: 'channel_archived',
    })
    expect(await summary(parent)).toMatchObject({ reply_count: 1 })
  })

  it('refuses the same id sent again as a reply to another parent', async () => {
    const a = await makeMessage(t.stack.sql, t.world.people.owner, t.world.ch.plaza, 'a')
    const b = await makeMessage(t.stack.sql, t.world.people.owner, t.world.ch.plaza, 'b')
    const id = randomUUID()
    await reply(t.world.people.member, t.world.ch.plaza, a, 'to a', { id })
    await expect(
      reply(t.world.people.member, t.world.ch.plaza, b, 'to a', { id })
    ).rejects.toMatchObject({
      code: '23505',
      detail: 'message_id_taken',
    })
  })
})

describe('the summary', () => {
  it('keeps the count, the last repliers (latest first, at most three) and the last reply time', async () => {
    const { owner, admin, member, member2 } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.general, 'summary')
    await reply(member, t.world.ch.general, parent, '1')
    await reply(admin, t.world.ch.general, parent, '2')
    await reply(member2, t.world.ch.general, parent, '3')
    const last = await reply(member, t.world.ch.general, parent, '4')
    const s = await summary(parent)
    expect(s).toMatchObject({ reply_count: 4, last_seq: '4' })
    expect(s!.last_repliers).toEqual([member.id, member2.id, admin.id])

    await asRole(t.stack.sql, member, (tx) => tx`select public.delete_message(${last.id})`)
    const afterDelete = await summary(parent)
    expect(afterDelete).toMatchObject({ reply_count: 3, last_seq: '4' })
    expect(afterDelete!.last_repliers).toEqual([member2.id, admin.id, member.id])
  })

  it('keeps the summary when a reply is edited, and updates it when one is deleted', async () => {
    const { owner, admin, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'edit replies')
    const first = await reply(member, t.world.ch.plaza, parent, 'frist')
    const second = await reply(admin, t.world.ch.plaza, parent, 'second')
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

    await asRole(t.stack.sql, admin, (tx) => tx`select public.delete_message(${second.id})`)
    const after = await summary(parent)
    expect(after).toMatchObject({ reply_count: 1, last_seq: '2', last_repliers: [member.id] })
    expect(after!.last_reply_at).toEqual(
      (
        await t.stack.sql<{ created_at: Date }[]>`
        select created_at from public.messages where id = ${first.id}`
      )[0]!.created_at
    )
  })

  it('keeps the thread when its parent is deleted', async () => {
    const parent = await makeMessage(
      t.stack.sql,
      t.world.people.owner,
      t.world.ch.plaza,
      'going away'
    )
    await reply(t.world.people.member, t.world.ch.plaza, parent, 'still here')
    await asRole(
      t.stack.sql,
      t.world.people.owner,
      (tx) => tx`select public.delete_message(${parent})`
    )
    const replies = await rpc(
      t.world.people.member,
      (tx) => tx<{ body: string }[]>`
      select body from public.thread_page(${parent})`
    )
    expect(replies.map((r) => r.body)).toEqual(['still here'])
    expect(await summary(parent)).toMatchObject({ reply_count: 1 })
  })
})
