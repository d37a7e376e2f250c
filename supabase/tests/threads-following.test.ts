// Following threads and reading them, through the RPCs as the app calls them: the parent's
// author, the repliers and the mentioned follow, following by hand; the Threads view with unread
// first, cleared when read; unread replies in the workspace total; leaving a channel ends its
// follows; the refusals (a thread of a channel one cannot read, or of a reply). Replies and the
// summary: threads.test.ts. The set-up is support/threads-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useThreadsWorld } from './support/threads-world.ts'
import { asRole, makeMessage } from './support/world.ts'

const t = useThreadsWorld()
const { reply, rpc, follows } = t.tools

describe('following and reading', () => {
  it('makes the parent author, the repliers and the mentioned follow; follow and unfollow by hand', async () => {
    const { owner, admin, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'follow me')
    await reply(member, t.world.ch.plaza, parent, `asking <@${admin.id}>`)
    expect(await follows(parent)).toEqual({ [owner.id]: true, [member.id]: true, [admin.id]: true })

    const off = await rpc(
      owner,
      (tx) => tx<{ follow_thread: boolean }[]>`
      select public.follow_thread(${parent}, false)`
    )
    expect(off[0]!.follow_thread).toBe(false)
    await reply(member, t.world.ch.plaza, parent, 'again')
    expect((await follows(parent))[owner.id]).toBe(false)
    await rpc(owner, (tx) => tx`select public.follow_thread(${parent})`)
    expect((await follows(parent))[owner.id]).toBe(true)
  })

  it('lists followed threads with unread first and clears them when read', async () => {
    const { owner, member } = t.world.people
    const quiet = await makeMessage(t.stack.sql, member, t.world.ch.plaza, 'read thread')
    await reply(owner, t.world.ch.plaza, quiet, 'seen')
    await rpc(member, (tx) => tx`select public.mark_thread_read(${quiet})`)
    const busy = await makeMessage(t.stack.sql, member, t.world.ch.plaza, 'unread thread')
    await reply(owner, t.world.ch.plaza, busy, 'one')
    await reply(owner, t.world.ch.plaza, busy, 'two')

    type Listed = {
      id: string
      unread_count: string
      reply_count: number
      parent: { body: string }
    }
    const list = () =>
      rpc(member, (tx) => tx<Listed[]>`select * from public.threads(${t.world.ws}, 500)`)
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
    const { owner, member } = t.world.people
    const total = async () =>
      Number(
        (
          await rpc(
            member,
            (tx) => tx<{ id: string; unread_count: string }[]>`
            select id, unread_count from public.my_workspaces()`
          )
        ).find((w) => w.id === t.world.ws)!.unread_count
      )
    const parent = await makeMessage(t.stack.sql, member, t.world.ch.plaza, 'count me')
    const before = await total()
    await reply(owner, t.world.ch.plaza, parent, 'new')
    expect(await total()).toBe(before + 1)
  })

  it('stops following the threads of a channel you leave, and hides them from the Threads view', async () => {
    const { owner, member } = t.world.people
    const room = await asRole(t.stack.sql, owner, async (tx) => {
      const [c] = await tx<{ id: string }[]>`
        select id from public.create_channel(${t.world.ws}, ${`leave-${randomUUID().slice(0, 6)}`}, 'public', '', ${[member.id]})`
      return c!.id
    })
    const parent = await makeMessage(t.stack.sql, member, room, 'mine')
    await reply(owner, room, parent, 'hi')
    expect((await follows(parent))[member.id]).toBe(true)
    const unread = async () =>
      (
        await rpc(
          member,
          (tx) => tx<{ id: string; unread_count: string }[]>`
          select id, unread_count from public.my_workspaces()`
        )
      ).find((w) => w.id === t.world.ws)!.unread_count
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
      select id from public.threads(${t.world.ws}, 500)`
    )
    expect(listed.map((t) => t.id)).not.toContain(parent)
    await expect(
      rpc(member, (tx) => tx`select public.follow_thread(${parent})`)
    ).rejects.toMatchObject({ code: '22023', message: 'Message not found.' })
  })

  it('refuses following or reading a thread of a channel you cannot read, or of a reply', async () => {
    const { owner, admin, member } = t.world.people
    const parent = await makeMessage(t.stack.sql, owner, t.world.ch.quiet, 'private')
    const r = await reply(member, t.world.ch.quiet, parent, 'psst')
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
