// Channels' unread counts and read positions: the sidebar list (channel_list) with unread and
// mention counts in one call, mark_read only moving forward, only the caller's channels, the
// workspaces with their unread totals, and rosters of visible channels only. Creating, joining,
// renaming and archiving: channels.test.ts. The set-up is support/channels-world.ts's.
import { describe, expect, it } from 'vitest'
import { useChannelsWorld } from './support/channels-world.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useChannelsWorld()
const { p, uniqueName, createChannel, list, call } = t

describe('unread counts and read positions', () => {
  it('counts unread and mentions per channel in one call, and mark_read only moves forward', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().member, p().admin])
    await makeMessage(t.stack.sql, p().owner, room.id, 'one')
    await makeMessage(t.stack.sql, p().admin, room.id, `hey <@${p().member.id}>`)
    await makeMessage(t.stack.sql, p().owner, room.id, 'three')
    const mine = async () => (await list(p().member)).find((c) => c.id === room.id)!
    expect(await mine()).toMatchObject({ unread_count: '3', mention_count: '1', last_seq: '3' })
    const ownerView = (await list(p().owner)).find((c) => c.id === room.id)!
    expect(ownerView.unread_count).toBe('0') // the author has read what they wrote
    const [at2] = await call(p().member, 'select public.mark_read($1, 2) as seq', room.id)
    expect(at2).toEqual({ seq: '2' })
    expect(await mine()).toMatchObject({ unread_count: '1', mention_count: '0' })
    const [stays] = await call(p().member, 'select public.mark_read($1, 1) as seq', room.id)
    expect(stays).toEqual({ seq: '2' })
    const [latest] = await call(p().member, 'select public.mark_read($1) as seq', room.id)
    expect(latest).toEqual({ seq: '3' })
    const [capped] = await asRole(
      t.stack.sql,
      p().member,
      (tx) => tx`
      update public.channel_members set last_read_seq = 999 where channel_id = ${room.id} and user_id = ${p().member.id}
      returning last_read_seq`
    )
    expect(capped).toEqual({ last_read_seq: '3' })
    await expect(call(p().member2, 'select public.mark_read($1)', room.id)).rejects.toMatchObject({
      message: 'You are not a member of this channel.',
    })
  })

  it("lists only the caller's channels, and workspaces with their unread totals", async () => {
    const ids = (await list(p().admin)).map((c) => c.id)
    expect(ids).toContain(t.world.ch.plaza)
    expect(ids).not.toContain(t.world.ch.quiet)
    expect(ids).not.toContain(t.world.ch.second)
    expect(
      await asRole(
        t.stack.sql,
        p().outsider,
        (tx) => tx`select * from public.channel_list(${t.world.ws})`
      )
    ).toEqual([])
    const workspaces = await asRole(
      t.stack.sql,
      p().member,
      (tx) => tx<{ id: string; role: string; unread_count: string }[]>`
      select id, role, unread_count from public.my_workspaces()`
    )
    expect(workspaces).toHaveLength(1)
    expect(workspaces[0]).toMatchObject({ id: t.world.ws, role: 'member' })
    expect(Number(workspaces[0]!.unread_count)).toBeGreaterThanOrEqual(0)
  })

  it('shows rosters of visible channels only', async () => {
    const roster = (by: Person, channel: string) =>
      asRole(
        t.stack.sql,
        by,
        (tx) => tx<{ user_id: string }[]>`select user_id from public.channel_roster(${channel})`
      )
    expect((await roster(p().admin, t.world.ch.second)).map((r) => r.user_id)).toEqual([
      p().member2.id,
    ])
    expect(await roster(p().admin, t.world.ch.quiet)).toEqual([])
    expect(await roster(p().outsider, t.world.ch.plaza)).toEqual([])
    expect((await roster(p().member, t.world.ch.quiet)).map((r) => r.user_id).sort()).toEqual(
      [p().owner.id, p().member.id].sort()
    )
  })
})
