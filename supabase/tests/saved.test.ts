// Saved for later through the RPCs as the app calls them: save (with or without a reminder;
// saving again sets the reminder and puts it back in progress), done and back, remove; the
// Later list in progress (due reminders first) and done; refusals (a message you cannot read, a
// reminder in the past); a deleted message leaves the list; each change on the owner's topic.
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

const save = (person: Person, message: string, remindAt: string | null = null) =>
  as(
    person,
    async (tx) =>
      (
        await tx<{ id: string; remind_at: Date | null; done_at: Date | null }[]>`
        select * from public.save_message(${message}, ${remindAt}::timestamptz)`
      )[0]!
  )

const later = (person: Person, done = false) =>
  as(
    person,
    (tx) => tx<
      { message_id: string; due: boolean; channel_name: string; message: { body: string } }[]
    >`
      select * from public.later_items(${world.ws}, ${done})`
  )

const inOneHour = () => new Date(Date.now() + 3600_000).toISOString()

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('saved for later', () => {
  it('saves, lists due reminders first, marks done and back, removes', async () => {
    const { owner, admin } = world.people
    const plain = await makeMessage(stack.sql, owner, world.ch.plaza, 'read the spec')
    const soon = await makeMessage(stack.sql, owner, world.ch.plaza, 'call the bank')
    const due = await makeMessage(stack.sql, owner, world.ch.plaza, 'send the invoice')
    await save(admin, plain)
    await save(admin, soon, inOneHour())
    await save(admin, due, inOneHour())
    // The reminder comes due (as time passing would make it).
    await stack.sql`update public.saved_items set remind_at = now() - interval '1 minute'
      where message_id = ${due} and user_id = ${admin.id}`

    const list = await later(admin)
    expect(list.map((i) => [i.message.body, i.due])).toEqual([
      ['send the invoice', true],
      ['call the bank', false],
      ['read the spec', false],
    ])
    expect(list[0]!.channel_name).toBe('plaza')
    expect(await later(owner)).toEqual([])

    await as(admin, (tx) => tx`select public.set_saved_done(${due}, true)`)
    expect((await later(admin, true)).map((i) => i.message_id)).toEqual([due])
    expect((await later(admin)).map((i) => i.message_id)).toEqual([soon, plain])
    // Saving again puts it back in progress with the new reminder.
    const again = await save(admin, due, null)
    expect(again.done_at).toBeNull()
    expect((await later(admin)).map((i) => i.message_id)).toContain(due)

    const [removed] = await as(admin, (tx) => tx`select public.unsave_message(${plain}) as r`)
    expect(removed!.r).toBe(true)
    const [twice] = await as(admin, (tx) => tx`select public.unsave_message(${plain}) as r`)
    expect(twice!.r).toBe(false)
  })

  it('refuses what you cannot read, a reminder in the past, and done on nothing saved', async () => {
    const { owner, member, outsider } = world.people
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'private')
    for (const [person, id] of [
      [outsider, quiet],
      [member, randomUUID()],
    ] as const) {
      await expect(save(person, id)).rejects.toMatchObject({
        code: '22023',
        message: 'Message not found.',
      })
    }
    await expect(save(member, quiet, '2020-01-01T00:00:00Z')).rejects.toMatchObject({
      code: '22023',
      message: 'The reminder must be in the future.',
    })
    await expect(
      as(member, (tx) => tx`select public.set_saved_done(${quiet}, true)`)
    ).rejects.toMatchObject({ code: '22023', message: 'This message is not saved.' })
  })

  it('drops a deleted message from the list, and tells my other devices each change', async () => {
    const { owner, member } = world.people
    const id = await makeMessage(stack.sql, owner, world.ch.plaza, 'soon gone')
    const { id: item } = await save(member, id, inOneHour())
    await as(owner, (tx) => tx`select public.delete_message(${id})`)
    expect((await later(member)).map((i) => i.message_id)).not.toContain(id)
    const events = await stack.sql<{ operation: string }[]>`
      select payload ->> 'operation' as operation from realtime.messages
      where topic = ${'live:user:' + member.id} and payload ->> 'table' = 'saved_items'
        and payload -> 'record' ->> 'id' = ${item}
      order by inserted_at, id`
    expect(events.map((e) => e.operation)).toEqual(['INSERT', 'DELETE'])
  })
})
