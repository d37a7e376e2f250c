// A thread in an archived channel, through the RPCs as the app calls them: it still reads, and
// nothing changes it (no reply, edit or reaction; a retried reply stored before still comes
// back), while following and reading stay each person's own.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { threadTools } from './support/threads.ts'
import { buildWorld, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
const { reply, rpc, summary, follows, newChannel } = threadTools(() => ({ stack, world }))

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('a thread in an archived channel', () => {
  it('still reads, refuses a reply, an edit or a reaction, and leaves following to each person', async () => {
    const { owner, member } = world.people
    const room = await newChannel(owner, [member])
    const parent = await makeMessage(stack.sql, owner, room, 'retro notes')
    const first = await reply(member, room, parent, 'went well')
    const second = await reply(owner, room, parent, 'agreed')
    await rpc(owner, (tx) => tx`select public.archive_channel(${room})`)
    const before = await summary(parent)

    const archived = {
      code: '22023',
      message: 'This channel is archived; messages can no longer be sent.',
      detail: 'channel_archived',
    }
    await expect(reply(member, room, parent, 'one more')).rejects.toMatchObject(archived)
    await expect(
      reply(member, room, parent, 'to everyone', { inChannel: true })
    ).rejects.toMatchObject(archived)
    // A retry of a reply stored before the archiving still gets it back (an outbox confirms).
    expect(await reply(member, room, parent, 'went well', { id: first.id })).toEqual(first)
    await expect(
      rpc(member, (tx) => tx`select public.edit_message(${first.id}, 'went very well')`)
    ).rejects.toMatchObject({
      code: '22023',
      message: 'This channel is archived; messages can no longer be changed.',
      detail: 'channel_archived',
    })
    await expect(
      rpc(owner, (tx) => tx`select public.set_reaction(${first.id}, '👍')`)
    ).rejects.toMatchObject({ code: '42501' })

    const replies = await rpc(
      member,
      (tx) => tx<{ id: string; body: string; edited_at: Date | null }[]>`
      select id, body, edited_at from public.thread_page(${parent})`
    )
    expect(replies.map((r) => [r.id, r.body, r.edited_at])).toEqual([
      [first.id, 'went well', null],
      [second.id, 'agreed', null],
    ])
    const page = await rpc(
      member,
      (tx) => tx<{ id: string; thread: { reply_count: number } | null }[]>`
      select id, thread from public.message_page(${room})`
    )
    expect(page.find((m) => m.id === parent)?.thread).toMatchObject({ reply_count: 2 })
    expect(await summary(parent)).toEqual(before)

    // Following and reading are personal: they still move (unfollowing takes the thread out of
    // the Threads view).
    const off = await rpc(
      member,
      (tx) => tx<{ follow_thread: boolean }[]>`
      select public.follow_thread(${parent}, false)`
    )
    expect(off[0]!.follow_thread).toBe(false)
    expect((await follows(parent))[member.id]).toBe(false)
    const read = await rpc(
      member,
      (tx) => tx<{ mark_thread_read: string }[]>`
      select public.mark_thread_read(${parent})`
    )
    expect(read[0]!.mark_thread_read).toBe('2')
  })
})
