// Pins through the RPCs as the app calls them (role authenticated, the caller's claims): any
// member pins, pinning twice is one pin; unpinned by who pinned, the author or a workspace admin
// only; the channel's pins with their messages; nothing changes in an archived channel; a
// deleted message loses its pin; at most 100 per channel; each change on the channel's topic.
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

interface PinRow {
  id: string
  message_id: string
  channel_id: string
  pinned_by: string | null
}

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

const pin = (person: Person, message: string | null) =>
  as(person, async (tx) => (await tx<PinRow[]>`select * from public.pin_message(${message})`)[0]!)

const unpin = (person: Person, message: string) =>
  as(
    person,
    async (tx) =>
      (await tx<{ unpin_message: boolean }[]>`select public.unpin_message(${message})`)[0]!
        .unpin_message
  )

const pinsOf = (person: Person, channel: string) =>
  as(
    person,
    (tx) => tx<(PinRow & { message: { body: string; author_id: string } })[]>`
      select * from public.channel_pins(${channel})`
  )

/** A new public channel of the workspace, made by the person with the others in it. */
function newChannel(person: Person, others: Person[]): Promise<string> {
  return as(person, async (tx) => {
    const [c] = await tx<{ id: string }[]>`
      select id from public.create_channel(${world.ws}, ${`p-${randomUUID().slice(0, 8)}`},
        'public', '', ${others.map((o) => o.id)})`
    return c!.id
  })
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('pins', () => {
  it('pins once, lists the pins with their messages newest first, any member', async () => {
    const { owner, member } = world.people
    const first = await makeMessage(stack.sql, owner, world.ch.plaza, 'the agenda')
    const second = await makeMessage(stack.sql, member, world.ch.plaza, 'the minutes')
    const a = await pin(member, first)
    expect(a).toMatchObject({ message_id: first, channel_id: world.ch.plaza, pinned_by: member.id })
    expect((await pin(owner, first)).id).toBe(a.id)
    await pin(owner, second)
    const list = await pinsOf(member, world.ch.plaza)
    const mine = list.filter((p) => p.message_id === first || p.message_id === second)
    expect(mine.map((p) => [p.message_id, p.message.body])).toEqual([
      [second, 'the minutes'],
      [first, 'the agenda'],
    ])
    expect(await pinsOf(world.people.outsider, world.ch.plaza)).toEqual([])
  })

  it('is unpinned by who pinned it, the author or an admin, and not by another member', async () => {
    const { owner, admin, member } = world.people
    const message = await makeMessage(stack.sql, owner, world.ch.plaza, 'pinned by the owner')
    await pin(owner, message)
    await expect(unpin(member, message)).rejects.toMatchObject({
      code: '42501',
      message: 'Only who pinned it, its author or a workspace admin can unpin this message.',
    })
    expect(await unpin(admin, message)).toBe(true)
    expect(await unpin(admin, message)).toBe(false)

    const members = await makeMessage(stack.sql, member, world.ch.plaza, 'by the member')
    await pin(owner, members)
    expect(await unpin(member, members)).toBe(true)
  })

  it('refuses what the caller cannot read, a deleted message and an archived channel', async () => {
    const { owner, member, outsider } = world.people
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'private')
    for (const [person, id] of [
      [outsider, quiet],
      [owner, randomUUID()],
      [owner, null],
    ] as const) {
      await expect(pin(person, id)).rejects.toMatchObject({
        code: '22023',
        message: 'Message not found.',
        detail: 'message_not_found',
      })
    }

    const gone = await makeMessage(stack.sql, member, world.ch.plaza, 'soon deleted')
    await pin(owner, gone)
    await as(member, (tx) => tx`select public.delete_message(${gone})`)
    const [left] =
      await stack.sql`select count(*)::int as n from public.pins where message_id = ${gone}`
    expect(left!.n).toBe(0)
    await expect(pin(owner, gone)).rejects.toMatchObject({
      code: '22023',
      message: 'This message was deleted.',
      detail: 'message_deleted',
    })

    const channel = await newChannel(owner, [member])
    const kept = await makeMessage(stack.sql, member, channel, 'kept')
    await pin(member, kept)
    await as(owner, (tx) => tx`select public.archive_channel(${channel})`)
    for (const call of [() => unpin(owner, kept), () => pin(member, kept)]) {
      await expect(call()).rejects.toMatchObject({
        code: '22023',
        message: 'This channel is archived; pins can no longer be changed.',
        detail: 'channel_archived',
      })
    }
    expect((await pinsOf(member, channel)).map((p) => p.message_id)).toEqual([kept])
  })

  it('keeps at most 100 pins in a channel', async () => {
    const { owner } = world.people
    const channel = await newChannel(owner, [])
    const ids: string[] = []
    for (let i = 0; i < 101; i++) ids.push(await makeMessage(stack.sql, owner, channel, `m${i}`))
    for (const id of ids.slice(0, 100)) await pin(owner, id)
    await expect(pin(owner, ids[100]!)).rejects.toMatchObject({
      code: '22023',
      message: 'This channel has 100 pinned messages.',
      detail: 'too_many_pins',
      hint: 'Unpin one first.',
    })
    await unpin(owner, ids[0]!)
    expect((await pin(owner, ids[100]!)).message_id).toBe(ids[100])
  })

  it("sends each pin and unpin on the channel's live topic", async () => {
    const { owner, member } = world.people
    const message = await makeMessage(stack.sql, member, world.ch.plaza, 'live pin')
    const { id } = await pin(owner, message)
    await unpin(owner, message)
    const events = await stack.sql<
      { operation: string; record: { id: string; message_id: string } }[]
    >`
      select payload ->> 'operation' as operation, payload -> 'record' as record
      from realtime.messages
      where topic = ${'live:channel:' + world.ch.plaza} and payload ->> 'table' = 'pins'
        and payload -> 'record' ->> 'message_id' = ${message}
      order by inserted_at, id`
    expect(events.map((e) => [e.operation, e.record.id])).toEqual([
      ['INSERT', id],
      ['DELETE', id],
    ])
  })
})
