// Editing, deleting, reacting and paging through the RPCs as the app calls them (role
// authenticated, claims of the caller), including the bad input each must refuse. Sending:
// messages.test.ts and attachments-send.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, attachmentPath, buildWorld, makeStoredObject } from './support/world.ts'
import type { Person, World } from './support/world.ts'
import { sendAs } from './support/messages.ts'
import type { MessageRow } from './support/messages.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

function send(
  person: Person,
  channel: string,
  body: string,
  id: string = randomUUID(),
  attachments: unknown[] = []
): Promise<MessageRow> {
  return sendAs(stack.sql, person, channel, body, id, attachments)
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('edit_message and delete_message', () => {
  it('edits your own message: new body, edited_at, mentions recomputed', async () => {
    const row = await send(world.people.member, world.ch.plaza, 'first draft')
    const [edited] = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx<MessageRow[]>`
      select * from public.edit_message(${row.id}, ${`now with <@${world.people.admin.id}>`})`
    )
    expect(edited).toMatchObject({ seq: row.seq, body: `now with <@${world.people.admin.id}>` })
    expect(edited!.edited_at).not.toBeNull()
    expect(edited!.mentions).toEqual([world.people.admin.id])
  })

  it("refuses editing someone else's message, to an empty body, or to a mention of an outsider", async () => {
    const row = await send(world.people.owner, world.ch.plaza, 'owner wrote this')
    await expect(
      asRole(
        stack.sql,
        world.people.admin,
        (tx) => tx`select public.edit_message(${row.id}, 'admin rewrote')`
      )
    ).rejects.toMatchObject({ code: '42501', message: 'You can only edit your own messages.' })
    await expect(
      asRole(stack.sql, world.people.owner, (tx) => tx`select public.edit_message(${row.id}, '  ')`)
    ).rejects.toMatchObject({ code: '23514', message: 'Message is empty.' })
    await expect(
      asRole(
        stack.sql,
        world.people.owner,
        (tx) => tx`select public.edit_message(${row.id}, ${`<@${world.people.member2.id}>`})`
      )
    ).rejects.toMatchObject({ code: '22023' })
    const [stored] = await stack.sql<
      MessageRow[]
    >`select * from public.messages where id = ${row.id}`
    expect(stored).toMatchObject({ body: 'owner wrote this', edited_at: null })
  })

  it('deletes as a tombstone: same seq, no body, reactions and attachments gone', async () => {
    const id = randomUUID()
    const path = await attachmentPath(stack.sql, world.ch.plaza, id)
    await makeStoredObject(stack.sql, 'attachments', path, world.people.member)
    const row = await send(
      world.people.member,
      world.ch.plaza,
      `bye <@${world.people.owner.id}>`,
      id,
      [{ path }]
    )
    await asRole(stack.sql, world.people.owner, (tx) => tx`select public.set_reaction(${id}, '👋')`)
    const [tomb] = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx<MessageRow[]>`
      select * from public.delete_message(${id})`
    )
    expect(tomb).toMatchObject({ seq: row.seq, body: '', mentions: [] })
    expect(tomb!.deleted_at).not.toBeNull()
    expect(await stack.sql`select 1 from public.reactions where message_id = ${id}`).toHaveLength(0)
    expect(await stack.sql`select 1 from public.attachments where message_id = ${id}`).toHaveLength(
      0
    )
    await expect(
      asRole(stack.sql, world.people.member, (tx) => tx`select public.edit_message(${id}, 'undo')`)
    ).rejects.toMatchObject({ message: 'This message was deleted.' })
    await expect(
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx`
        update public.messages set deleted_at = null, body = 'back' where id = ${id}`
      )
    ).rejects.toMatchObject({ message: 'This message was deleted.' })
  })

  it('lets owners and admins delete any message, members only their own', async () => {
    const byMember = await send(world.people.member, world.ch.plaza, 'member text')
    const byOwner = await send(world.people.owner, world.ch.plaza, 'owner text')
    await expect(
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx`select public.delete_message(${byOwner.id})`
      )
    ).rejects.toMatchObject({ code: '42501', message: 'You can only delete your own messages.' })
    const [tomb] = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx<MessageRow[]>`
      select * from public.delete_message(${byMember.id})`
    )
    expect(tomb!.deleted_at).not.toBeNull()
    const [again] = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx<MessageRow[]>`
      select * from public.delete_message(${byMember.id})`
    )
    expect(again).toEqual(tomb)
  })

  it('does not let an admin delete in a private channel they are not in', async () => {
    const row = await send(world.people.owner, world.ch.quiet, 'secret')
    await expect(
      asRole(stack.sql, world.people.admin, (tx) => tx`select public.delete_message(${row.id})`)
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
  })
})

describe('set_reaction', () => {
  const reactionsOf = (message: string) =>
    stack.sql<{ user_id: string; emoji: string }[]>`
      select user_id, emoji from public.reactions where message_id = ${message} order by created_at`

  it('adds and removes, and repeating either changes nothing', async () => {
    const row = await send(world.people.member, world.ch.plaza, 'react to me')
    const react = (on: boolean, emoji = '🎉') =>
      asRole(stack.sql, world.people.owner, async (tx) => {
        const [r] = await tx<
          { set_reaction: boolean }[]
        >`select public.set_reaction(${row.id}, ${emoji}, ${on})`
        return r!.set_reaction
      })
    expect(await react(true)).toBe(true)
    expect(await react(true)).toBe(true)
    expect(await react(true, ':tada:')).toBe(true)
    expect(await reactionsOf(row.id)).toEqual([
      { user_id: world.people.owner.id, emoji: '🎉' },
      { user_id: world.people.owner.id, emoji: ':tada:' },
    ])
    expect(await react(false)).toBe(false)
    expect(await react(false)).toBe(false)
    expect(await reactionsOf(row.id)).toEqual([{ user_id: world.people.owner.id, emoji: ':tada:' }])
  })

  it('refuses text that is not an emoji, deleted messages, and messages one cannot read', async () => {
    const row = await send(world.people.member, world.ch.plaza, 'hi')
    for (const emoji of ['', 'lol', '<b>', 'a b', ':Bad Code:']) {
      await expect(
        asRole(
          stack.sql,
          world.people.owner,
          (tx) => tx`select public.set_reaction(${row.id}, ${emoji})`
        )
      ).rejects.toMatchObject({ code: '22023' })
    }
    const secret = await send(world.people.owner, world.ch.quiet, 'secret')
    await expect(
      asRole(
        stack.sql,
        world.people.admin,
        (tx) => tx`select public.set_reaction(${secret.id}, '👀')`
      )
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
    await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx`select public.delete_message(${row.id})`
    )
    await expect(
      asRole(stack.sql, world.people.owner, (tx) => tx`select public.set_reaction(${row.id}, '👀')`)
    ).rejects.toMatchObject({ code: '22023', message: 'You cannot react to a deleted message.' })
  })

  it('allows at most 50 different emoji on a message', async () => {
    const row = await send(world.people.member, world.ch.plaza, 'popular')
    await stack.sql`
      insert into public.reactions (message_id, user_id, emoji)
      select ${row.id}, ${world.people.member.id}, ':e' || i || ':' from generate_series(1, 50) i`
    await expect(
      asRole(stack.sql, world.people.owner, (tx) => tx`select public.set_reaction(${row.id}, '🚀')`)
    ).rejects.toMatchObject({ message: 'A message can have at most 50 different reactions.' })
    await asRole(
      stack.sql,
      world.people.owner,
      (tx) => tx`select public.set_reaction(${row.id}, ':e7:')`
    )
  })
})

describe('message_page', () => {
  it('pages backwards and catches up forwards by seq, with reactions and attachments', async () => {
    const channel = await asRole(stack.sql, world.people.owner, async (tx) => {
      const [c] = await tx<
        { id: string }[]
      >`select id from public.create_channel(${world.ws}, ${`paging-${randomUUID().slice(0, 6)}`}, 'public', '', ${[world.people.member.id]})`
      return c!.id
    })
    await stack.sql`
      insert into public.messages (channel_id, author_id, body)
      select ${channel}, ${world.people.owner.id}, 'm' || i from generate_series(1, 300) i order by i`
    const page = (args: { before?: number; after?: number; limit?: number }) =>
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx<{ seq: string; body: string; reactions: unknown[] }[]>`
        select * from public.message_page(${channel}, ${args.before ?? null}, ${args.after ?? null}, ${args.limit ?? 50})`
      )
    const latest = await page({})
    expect(latest.map((m) => Number(m.seq))).toEqual(Array.from({ length: 50 }, (_, i) => 251 + i))
    expect(latest.at(-1)!.body).toBe('m300')
    const older = await page({ before: 251 })
    expect(older.map((m) => Number(m.seq))).toEqual(Array.from({ length: 50 }, (_, i) => 201 + i))
    const catchUp = await page({ after: 100, limit: 10 })
    expect(catchUp.map((m) => Number(m.seq))).toEqual(Array.from({ length: 10 }, (_, i) => 101 + i))
    expect(await page({ after: 300 })).toEqual([])
    expect(await page({ limit: 100000 })).toHaveLength(200)
    expect(await page({ limit: 0 })).toHaveLength(1)
    expect(
      await asRole(
        stack.sql,
        world.people.admin,
        (tx) => tx`select * from public.message_page(${channel})`
      )
    ).toHaveLength(0)
  })
})
