// Mark unread from here, through the RPC as the app calls it: the caller's read position moves
// back to just before the message (the unread count follows in channel_list), never another
// person's; a reply kept in its thread moves the thread's position; ordinary reads still only
// move forward; a message the caller cannot read is "Message not found.". mark_thread_unread
// moves a reply's thread position, a reply also sent to the channel too.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

const markUnread = (person: Person, message: string) =>
  as(person, async (tx) => {
    const [row] = await tx<{ pos: string }[]>`select public.mark_unread(${message}) as pos`
    return Number(row!.pos)
  })

const markRead = (person: Person, channel: string, seq: number | null = null) =>
  as(person, (tx) => tx`select public.mark_read(${channel}, ${seq})`)

async function unread(person: Person, channel: string) {
  const rows = await as(
    person,
    (tx) => tx<{ id: string; unread_count: string; last_read_seq: string }[]>`
      select id, unread_count, last_read_seq from public.channel_list(${world.ws})`
  )
  const row = rows.find((r) => r.id === channel)!
  return { unread: Number(row.unread_count), readSeq: Number(row.last_read_seq) }
}

const seqOf = async (message: string) =>
  Number((await stack.sql`select seq from public.messages where id = ${message}`)[0]!.seq)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('mark_unread', () => {
  it("moves only the caller's read position back to just before the message", async () => {
    const { owner, member } = world.people
    const ids: string[] = []
    for (const body of ['one', 'two', 'three']) {
      ids.push(await makeMessage(stack.sql, owner, world.ch.plaza, body))
    }
    await markRead(member, world.ch.plaza)
    expect((await unread(member, world.ch.plaza)).unread).toBe(0)

    const second = await seqOf(ids[1]!)
    expect(await markUnread(member, ids[1]!)).toBe(second - 1)
    expect(await unread(member, world.ch.plaza)).toEqual({ unread: 2, readSeq: second - 1 })
    expect((await unread(owner, world.ch.plaza)).unread).toBe(0)

    // An ordinary read that arrives late (another device) does not undo it...
    await markRead(member, world.ch.plaza, second - 2)
    expect((await unread(member, world.ch.plaza)).readSeq).toBe(second - 1)
    // ...and marking a later message unread leaves the earlier mark where it is.
    expect(await markUnread(member, ids[2]!)).toBe(second - 1)
    // Reading again moves forward as before.
    await markRead(member, world.ch.plaza)
    expect((await unread(member, world.ch.plaza)).unread).toBe(0)
  })

  it("moves a reply's thread position, not the channel's", async () => {
    const { owner, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'thread here')
    const replies: string[] = []
    for (const body of ['r1', 'r2']) {
      const id = randomUUID()
      await as(
        owner,
        (tx) =>
          tx`select public.send_message(${id}, ${world.ch.plaza}, ${body}, '[]'::jsonb, ${parent})`
      )
      replies.push(id)
    }
    await as(member, (tx) => tx`select public.mark_thread_read(${parent})`)
    await markRead(member, world.ch.plaza)
    expect(await markUnread(member, replies[1]!)).toBe(1)
    const [tm] = await stack.sql`
      select last_read_seq from public.thread_members
      where thread_id = ${parent} and user_id = ${member.id}`
    expect(Number(tm!.last_read_seq)).toBe(1)
    expect((await unread(member, world.ch.plaza)).unread).toBe(0)
  })

  it('refuses a message the caller cannot read', async () => {
    const { owner, outsider } = world.people
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'private')
    for (const [person, id] of [
      [outsider, quiet],
      [owner, randomUUID()],
    ] as const) {
      await expect(markUnread(person, id)).rejects.toMatchObject({
        code: '22023',
        message: 'Message not found.',
      })
    }
  })
})

describe('mark_thread_unread', () => {
  const markThreadUnread = (person: Person, message: string) =>
    as(person, async (tx) => {
      const [row] = await tx<{ pos: string }[]>`select public.mark_thread_unread(${message}) as pos`
      return Number(row!.pos)
    })
  const threadReadSeq = async (person: Person, parent: string) => {
    const [tm] = await stack.sql`
      select last_read_seq from public.thread_members
      where thread_id = ${parent} and user_id = ${person.id}`
    return Number(tm!.last_read_seq)
  }

  it("moves the caller's thread position back, for a reply also sent to the channel too", async () => {
    const { owner, member } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'thread with one in channel')
    const replies: string[] = []
    for (const [body, alsoToChannel] of [
      ['kept', false],
      ['shared', true],
      ['kept too', false],
    ] as const) {
      const id = randomUUID()
      await as(
        owner,
        (tx) =>
          tx`select public.send_message(${id}, ${world.ch.plaza}, ${body}, '[]'::jsonb, ${parent}, ${alsoToChannel})`
      )
      replies.push(id)
    }
    await as(member, (tx) => tx`select public.mark_thread_read(${parent})`)
    await as(owner, (tx) => tx`select public.mark_thread_read(${parent})`)
    await markRead(member, world.ch.plaza)
    expect(await threadReadSeq(member, parent)).toBe(3)

    // The reply also in the channel: its thread's position moves, the channel's stays read.
    expect(await markThreadUnread(member, replies[1]!)).toBe(1)
    expect(await threadReadSeq(member, parent)).toBe(1)
    expect((await unread(member, world.ch.plaza)).unread).toBe(0)
    expect(await threadReadSeq(owner, parent)).toBe(3)
    // A later reply leaves the earlier mark; an earlier one moves it further back.
    expect(await markThreadUnread(member, replies[2]!)).toBe(1)
    expect(await markThreadUnread(member, replies[0]!)).toBe(0)
    // Reading the thread moves it forward again.
    await as(member, (tx) => tx`select public.mark_thread_read(${parent})`)
    expect(await threadReadSeq(member, parent)).toBe(3)
  })

  it('refuses a channel message, and a reply the caller cannot read', async () => {
    const { owner, outsider } = world.people
    const parent = await makeMessage(stack.sql, owner, world.ch.plaza, 'no thread')
    await expect(markThreadUnread(owner, parent)).rejects.toMatchObject({
      code: '22023',
      message: 'This message is not a reply in a thread.',
    })
    const quietParent = await makeMessage(stack.sql, owner, world.ch.quiet, 'private thread')
    const reply = randomUUID()
    await as(
      owner,
      (tx) =>
        tx`select public.send_message(${reply}, ${world.ch.quiet}, 'private reply', '[]'::jsonb, ${quietParent})`
    )
    for (const [person, id] of [
      [outsider, reply],
      [owner, randomUUID()],
    ] as const) {
      await expect(markThreadUnread(person, id)).rejects.toMatchObject({
        code: '22023',
        message: 'Message not found.',
      })
    }
  })
})
