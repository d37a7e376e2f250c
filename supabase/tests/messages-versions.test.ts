// Edit history through the API's roles: each edit keeps the text it replaced with when it was
// written and replaced, in order; an edit refused or one that changes nothing keeps nothing;
// deleting the message deletes its history; a reader of the channel reads it, nobody else.
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

const edit = (person: Person, message: string, body: string) =>
  as(person, (tx) => tx`select public.edit_message(${message}, ${body})`)

interface Version {
  body: string
  written_at: Date
  replaced_at: Date
}

const versionsOf = (person: Person, message: string) =>
  as(
    person,
    (tx) => tx<Version[]>`
      select body, written_at, replaced_at from public.message_versions
      where message_id = ${message} order by replaced_at`
  )

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('message_versions', () => {
  it('keeps each replaced text with when it was written and replaced', async () => {
    const { owner, member } = world.people
    const id = await makeMessage(stack.sql, member, world.ch.plaza, 'lunch at 12')
    await edit(member, id, 'lunch at 1')
    await edit(member, id, 'lunch at 1')
    await edit(member, id, 'lunch at 1:30')
    const [message] = await stack.sql<{ created_at: Date; edited_at: Date }[]>`
      select created_at, edited_at from public.messages where id = ${id}`
    const versions = await versionsOf(owner, id)
    expect(versions.map((v) => v.body)).toEqual(['lunch at 12', 'lunch at 1'])
    expect(versions[0]!.written_at).toEqual(message!.created_at)
    expect(versions[1]!.written_at).toEqual(versions[0]!.replaced_at)
    expect(versions[1]!.replaced_at).toEqual(message!.edited_at)
  })

  it('keeps nothing for a refused edit, and forgets the history with a deleted message', async () => {
    const { owner, member } = world.people
    const id = await makeMessage(stack.sql, member, world.ch.plaza, 'first words')
    await expect(edit(owner, id, 'not mine to change')).rejects.toMatchObject({ code: '42501' })
    await expect(edit(member, id, '   ')).rejects.toMatchObject({ code: '23514' })
    expect(await versionsOf(member, id)).toEqual([])

    await edit(member, id, 'second words')
    expect((await versionsOf(member, id)).map((v) => v.body)).toEqual(['first words'])
    await as(member, (tx) => tx`select public.delete_message(${id})`)
    const [left] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.message_versions where message_id = ${id}`
    expect(left!.n).toBe(0)
  })

  it('is read by the channel readers only', async () => {
    const { owner, member, outsider } = world.people
    const id = await makeMessage(stack.sql, owner, world.ch.quiet, 'private plan')
    await edit(owner, id, 'private plan, revised')
    expect((await versionsOf(member, id)).map((v) => v.body)).toEqual(['private plan'])
    expect(await versionsOf(world.people.admin, id)).toEqual([])
    expect(await versionsOf(outsider, id)).toEqual([])
  })
})
