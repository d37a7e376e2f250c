// Mentioning many, asked before sending: how many people a message's @channel, @here, @everyone
// and group mentions would notify (mention_reach), the workspace's threshold for asking first
// (set_broadcast_warning, owners only, in the audit log), and every refusal as PostgREST sends it.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

async function reach(person: Person, channel: string, body: string) {
  const { data, error } = await clientFor(stack, person).rpc('mention_reach', {
    p_channel_id: channel,
    p_body: body,
  })
  return { row: (data as { reach: number; warn_over: number | null }[] | null)?.[0], error }
}

async function warnOver(): Promise<number | null> {
  const [row] = await stack.sql<{ n: number | null }[]>`
    select broadcast_warn_over as n from public.workspaces where id = ${world.ws}`
  return row!.n
}

describe('mention_reach', () => {
  it('counts whom @channel and @everyone would notify, me left out, with the threshold', async () => {
    const { owner, member } = world.people
    // plaza: owner, admin, member and the guest
    expect((await reach(member, world.ch.plaza, 'hi <!channel>')).row).toEqual({
      reach: 3,
      warn_over: 5,
    })
    // general: owner, admin, member, member2
    expect((await reach(owner, world.ch.general, '<!everyone> all hands')).row?.reach).toBe(3)
    expect((await reach(owner, world.ch.general, 'no mention of many')).row?.reach).toBe(0)
  })

  it('counts @here by recent activity, and a group by its members in the channel', async () => {
    const { owner, admin, member, member2 } = world.people
    await stack.sql`delete from public.user_activity where workspace_id = ${world.ws}`
    expect((await reach(owner, world.ch.general, '<!here>')).row?.reach).toBe(0)
    for (const p of [admin, member]) {
      await asRole(stack.sql, p, (tx) => tx`select public.touch_activity(${world.ws})`)
    }
    expect((await reach(owner, world.ch.general, '<!here>')).row?.reach).toBe(2)

    const [group] = await asRole(
      stack.sql,
      owner,
      (tx) => tx<{ id: string }[]>`
        select id from public.create_user_group(${world.ws}, 'reachers', 'Reachers', '',
          ${[admin.id, member2.id]}::uuid[])`
    )
    const token = `<!subteam^${group!.id}|@reachers>`
    expect((await reach(owner, world.ch.general, `ping ${token}`)).row?.reach).toBe(2)
    // member2 is not in plaza: the group reaches only its members in the channel
    expect((await reach(owner, world.ch.plaza, `ping ${token}`)).row?.reach).toBe(1)
  })

  it('refuses before sending what sending would refuse, and asking outside my channels', async () => {
    const { owner, member, outsider } = world.people
    const everywhere = await reach(owner, world.ch.plaza, '<!everyone>')
    expect(everywhere.error).toMatchObject({
      code: '22023',
      details: 'everyone_mention_outside_general',
    })
    expect(everywhere.error?.message).toMatch(
      /@everyone works only in the workspace's general channel/
    )

    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'admins')`
    )
    try {
      const refused = await reach(member, world.ch.plaza, '<!channel>')
      expect(refused.error).toMatchObject({
        code: '42501',
        details: 'broadcast_mention_admins_only',
      })
      expect(refused.error?.message).toMatch(/Only admins can use @channel/)
    } finally {
      await asRole(
        stack.sql,
        owner,
        (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'everyone')`
      )
    }

    const stranger = await reach(outsider, world.ch.plaza, '<!channel>')
    expect(stranger.error).toMatchObject({ code: '42501', details: 'not_channel_member' })
    expect(stranger.row).toBeUndefined()
    const private_ = await reach(world.people.member2, world.ch.quiet, '<!channel>')
    expect(private_.error).toMatchObject({ code: '42501', details: 'not_channel_member' })

    const anon = await clientFor(stack, null).rpc('mention_reach', {
      p_channel_id: world.ch.plaza,
      p_body: '<!channel>',
    })
    expect(anon.error?.code).toBe('42501')

    const bad = await clientFor(stack, member).rpc('mention_reach', {
      p_channel_id: 'not-a-uuid',
      p_body: '<!channel>',
    })
    expect(bad.error?.code).toBe('22P02')
    const long = await reach(member, world.ch.plaza, 'x'.repeat(40001))
    expect(long.error).toMatchObject({ code: '22023', details: 'message_too_long' })
  })
})

describe('set_broadcast_warning', () => {
  it('lets owners choose the number, or never, and records each change', async () => {
    const { owner, admin } = world.people
    const byAdmin = await clientFor(stack, admin).rpc('set_broadcast_warning', {
      p_workspace_id: world.ws,
      p_over: 50,
    })
    expect(byAdmin.error).toMatchObject({ code: '42501', details: 'workspace_owner_only' })
    expect(await warnOver()).toBe(5)

    for (const bad of [0, -3, 100001]) {
      const { error } = await clientFor(stack, owner).rpc('set_broadcast_warning', {
        p_workspace_id: world.ws,
        p_over: bad,
      })
      expect(error).toMatchObject({ code: '22023', details: 'invalid_argument' })
      expect(error?.message).toMatch(/choose a number from 1 to 100000, or never/)
    }
    expect(await warnOver()).toBe(5)

    const set = await clientFor(stack, owner).rpc('set_broadcast_warning', {
      p_workspace_id: world.ws,
      p_over: 1,
    })
    expect(set.error).toBeNull()
    expect((await reach(world.people.member, world.ch.plaza, '<!channel>')).row?.warn_over).toBe(1)
    const never = await clientFor(stack, owner).rpc('set_broadcast_warning', {
      p_workspace_id: world.ws,
      p_over: null,
    })
    expect(never.error).toBeNull()
    expect(await warnOver()).toBeNull()

    const log = await stack.sql<{ details: { from: number | null; to: number | null } }[]>`
      select details from public.audit_log
      where workspace_id = ${world.ws} and action = 'workspace.broadcast_warning_changed'
      order by id`
    expect(log.map((l) => l.details)).toEqual([
      { from: 5, to: 1 },
      { from: 1, to: null },
    ])
    await clientFor(stack, owner).rpc('set_broadcast_warning', {
      p_workspace_id: world.ws,
      p_over: 5,
    })
  })
})
