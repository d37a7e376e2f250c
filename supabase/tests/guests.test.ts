// Guests over real HTTP with supabase-js: invited by email by an admin into named channels, a
// guest sees only those channels and their people, cannot browse, join or create channels,
// invite or add anyone, message people outside their channels or be in user groups, and
// search finds nothing outside their channels. Each refusal's error is checked, and that nothing
// stored changed. What admins do about guests is guests-admin.test.ts.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { joinPrivate, leave, liveTopic } from './support/realtime.ts'
import { failure, guestKit, ok } from './support/guests.ts'
import { buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let kit: ReturnType<typeof guestKit>

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  kit = guestKit(stack, () => world)
})

const as = (person: Person) => kit.as(person)
const newGuest = (channels: string[], kind: 'single' | 'multi') => kit.newGuest(channels, kind)
const channelIdsSeenBy = (person: Person) => kit.channelIdsSeenBy(person)
const membership = (person: Person) => kit.membership(person)
const channelsOf = (person: Person) => kit.channelsOf(person)

afterAll(async () => {
  await stack?.stop()
})

describe('guest invites', () => {
  it('are sent by owners and admins, by email, naming the channels', async () => {
    const base = { p_workspace_id: world.ws, p_role: 'guest' }
    const member = failure(
      await as(world.people.member).rpc('create_invite', {
        ...base,
        p_email: 'x@example.test',
        p_channel_ids: [world.ch.plaza],
      })
    )
    expect(member).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can invite people.',
    })
    const noEmail = failure(
      await as(world.people.admin).rpc('create_invite', {
        ...base,
        p_channel_ids: [world.ch.plaza],
      })
    )
    expect(noEmail).toMatchObject({ code: '22023', message: 'Guests are invited by email.' })
    const noChannel = failure(
      await as(world.people.admin).rpc('create_invite', { ...base, p_email: 'x@example.test' })
    )
    expect(noChannel).toMatchObject({
      code: '22023',
      message: 'A guest invite names the channels the guest may use.',
    })
    const twoForSingle = failure(
      await as(world.people.admin).rpc('create_invite', {
        ...base,
        p_email: 'x@example.test',
        p_channel_ids: [world.ch.plaza, world.ch.general],
        p_guest_kind: 'single',
      })
    )
    expect(twoForSingle).toMatchObject({
      code: '22023',
      message: 'A single-channel guest can be in only one channel.',
      details: 'This invite names 2 channels.',
    })
    for (const elsewhere of [world.ch.outside, world.ch.dm, world.ch.attic]) {
      const refused = failure(
        await as(world.people.owner).rpc('create_invite', {
          ...base,
          p_email: 'x@example.test',
          p_channel_ids: [elsewhere],
        })
      )
      expect(refused).toMatchObject({ code: '22023', message: 'Channel not found.' })
    }
    const rows = await stack.sql`select 1 from public.invites where email = 'x@example.test'`
    expect(rows).toHaveLength(0)
  })

  it('join the guest to the named channels only (not the default channel), recorded in the audit log', async () => {
    const guest = await newGuest([world.ch.plaza], 'single')
    expect(await membership(guest)).toEqual({ role: 'guest', guest_kind: 'single' })
    expect(await channelsOf(guest)).toEqual([world.ch.plaza])
    const [entry] = await stack.sql<{ details: Record<string, unknown> }[]>`
      select details from public.audit_log
      where workspace_id = ${world.ws} and action = 'invite.created' and details ->> 'email' = ${guest.email}`
    expect(entry!.details).toMatchObject({
      role: 'guest',
      guest_kind: 'single',
      channels: ['plaza'],
    })
  })

  it('a member or admin invite leaves channels and kind out', async () => {
    const invite = ok(
      await as(world.people.owner)
        .rpc('create_invite', {
          p_workspace_id: world.ws,
          p_channel_ids: [world.ch.plaza],
          p_guest_kind: 'single',
        })
        .single<{ channel_ids: string[] | null; guest_kind: string | null; role: string }>()
    )
    expect(invite).toMatchObject({ role: 'member', channel_ids: null, guest_kind: null })
  })
})

describe("a guest's view", () => {
  it('has only their channels: no browsing other public channels', async () => {
    expect(await channelIdsSeenBy(world.people.guest)).toEqual([world.ch.plaza])
    const list = ok(await as(world.people.guest).rpc('channel_list', { p_workspace_id: world.ws }))
    expect((list as { id: string }[]).map((c) => c.id)).toEqual([world.ch.plaza])
    // a member still browses every public channel
    expect(await channelIdsSeenBy(world.people.member)).toContain(world.ch.second)
  })

  it('has only the people of their channels', async () => {
    const inPlaza = (
      await stack.sql<{ user_id: string }[]>`
        select user_id from public.channel_members where channel_id = ${world.ch.plaza}`
    )
      .map((r) => r.user_id)
      .sort()
    expect(inPlaza).toContain(world.people.member.id)
    expect(inPlaza).not.toContain(world.people.member2.id)
    const roster = ok(
      await as(world.people.guest).rpc('workspace_roster', { p_workspace_id: world.ws })
    ) as { user_id: string; role: string }[]
    expect(roster.map((r) => r.user_id).sort()).toEqual(inPlaza)
    const profiles = ok(await as(world.people.guest).from('profiles').select('id'))
    expect((profiles as { id: string }[]).map((r) => r.id)).not.toContain(world.people.member2.id)
    const memberships = ok(
      await as(world.people.guest)
        .from('workspace_members')
        .select('user_id')
        .eq('workspace_id', world.ws)
    )
    expect((memberships as { user_id: string }[]).map((r) => r.user_id).sort()).toEqual(inPlaza)
    // everyone else sees the guest marked as one
    const seen = ok(
      await as(world.people.member2).rpc('workspace_roster', { p_workspace_id: world.ws })
    ) as { user_id: string; role: string }[]
    expect(seen.find((r) => r.user_id === world.people.guest.id)?.role).toBe('guest')
    const inChannel = ok(
      await as(world.people.member).rpc('channel_roster', { p_channel_id: world.ch.plaza })
    ) as { user_id: string; role: string }[]
    expect(inChannel.find((r) => r.user_id === world.people.guest.id)?.role).toBe('guest')
  })

  it('sees no user groups', async () => {
    ok(
      await as(world.people.owner).rpc('create_user_group', {
        p_workspace_id: world.ws,
        p_handle: 'visible-to-members',
        p_name: 'Members only',
      })
    )
    const groups = ok(await as(world.people.guest).from('user_groups').select('id'))
    expect(groups).toEqual([])
    expect(ok(await as(world.people.member).from('user_groups').select('id'))).not.toEqual([])
  })

  it('search finds nothing outside their channels', async () => {
    const word = `zebrafish${Date.now()}`
    const inPlaza = await makeMessage(
      stack.sql,
      world.people.member,
      world.ch.plaza,
      `${word} here`
    )
    await makeMessage(stack.sql, world.people.member2, world.ch.second, `${word} there`)
    await makeMessage(stack.sql, world.people.owner, world.ch.general, `${word} everywhere`)
    const found = ok(
      await as(world.people.guest).rpc('search_messages', {
        p_workspace_id: world.ws,
        p_terms: [word],
      })
    ) as { id: string }[]
    expect(found.map((r) => r.id)).toEqual([inPlaza])
  })

  it('joins only the Realtime topics of their channels', async () => {
    const attempts = await Promise.all([
      joinPrivate(stack, world.people.guest, `channel:${world.ch.plaza}`),
      joinPrivate(stack, world.people.guest, `channel:${world.ch.second}`),
      joinPrivate(stack, world.people.guest, `channel:${world.ch.general}`),
      joinPrivate(stack, world.people.guest, `workspace:${world.ws}`),
      joinPrivate(stack, world.people.guest, liveTopic.workspace(world.ws)),
      joinPrivate(stack, world.people.guest, liveTopic.channel(world.ch.second)),
      joinPrivate(stack, world.people.guest, liveTopic.channel(world.ch.plaza)),
    ])
    try {
      expect(attempts.map((a) => a.joined)).toEqual([true, false, false, false, false, false, true])
    } finally {
      await Promise.all(attempts.filter((a) => a.joined).map(leave))
    }
  })
})

describe('what a guest cannot do', () => {
  it('create a channel', async () => {
    const refused = failure(
      await as(world.people.guest).rpc('create_channel', {
        p_workspace_id: world.ws,
        p_name: 'mine',
      })
    )
    expect(refused).toMatchObject({ code: '42501', message: 'Guests cannot create channels.' })
    const rows = await stack.sql`
      select 1 from public.channels where workspace_id = ${world.ws} and name = 'mine'`
    expect(rows).toHaveLength(0)
  })

  it('join a public channel, through the RPC or the table', async () => {
    const rpc = failure(
      await as(world.people.guest).rpc('join_channel', { p_channel_id: world.ch.second })
    )
    expect(rpc).toMatchObject({ code: '22023', message: 'Channel not found.' })
    const insert = failure(
      await as(world.people.guest)
        .from('channel_members')
        .insert({ channel_id: world.ch.general, user_id: world.people.guest.id })
    )
    expect(insert.code).toBe('42501')
    expect(await channelsOf(world.people.guest)).toEqual([world.ch.plaza])
  })

  it('invite anyone, or add people to a channel', async () => {
    const invite = failure(
      await as(world.people.guest).rpc('create_invite', { p_workspace_id: world.ws })
    )
    expect(invite).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can invite people.',
    })
    const add = failure(
      await as(world.people.guest).rpc('add_channel_members', {
        p_channel_id: world.ch.plaza,
        p_user_ids: [world.people.member2.id],
      })
    )
    expect(add).toMatchObject({ code: '42501', message: 'Guests cannot add people to channels.' })
    expect(await channelsOf(world.people.member2)).not.toContain(world.ch.plaza)
  })

  it('message people outside their channels (either way); people of their channels are fine', async () => {
    const out = failure(
      await as(world.people.guest).rpc('open_dm', {
        p_workspace_id: world.ws,
        p_user_ids: [world.people.member2.id],
      })
    )
    expect(out).toMatchObject({
      code: '42501',
      message: 'A guest can only message people who are in one of their channels.',
    })
    const back = failure(
      await as(world.people.member2).rpc('open_dm', {
        p_workspace_id: world.ws,
        p_user_ids: [world.people.guest.id],
      })
    )
    expect(back.code).toBe('42501')
    const dm = ok(
      await as(world.people.guest)
        .rpc('open_dm', { p_workspace_id: world.ws, p_user_ids: [world.people.member.id] })
        .single<{ id: string; kind: string }>()
    )
    expect(dm.kind).toBe('dm')
  })

  it('be in a user group', async () => {
    const group = ok(
      await as(world.people.owner)
        .rpc('create_user_group', {
          p_workspace_id: world.ws,
          p_handle: 'no-guests',
          p_name: 'No guests',
        })
        .single<{ id: string }>()
    )
    const self = failure(
      await as(world.people.guest).rpc('add_user_group_members', {
        p_group_id: group.id,
        p_user_ids: [world.people.guest.id],
      })
    )
    expect(self).toMatchObject({ code: '22023', message: 'Guests cannot be in user groups.' })
    const byAdmin = failure(
      await as(world.people.admin).rpc('add_user_group_members', {
        p_group_id: group.id,
        p_user_ids: [world.people.guest.id],
      })
    )
    expect(byAdmin).toMatchObject({ code: '22023', hint: 'Make them a member first.' })
  })

  it('change roles or remove people', async () => {
    const role = failure(
      await as(world.people.guest).rpc('set_member_role', {
        p_workspace_id: world.ws,
        p_user_id: world.people.member.id,
        p_role: 'guest',
      })
    )
    expect(role).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can change roles.',
    })
    const remove = failure(
      await as(world.people.guest).rpc('remove_member', {
        p_workspace_id: world.ws,
        p_user_id: world.people.member.id,
      })
    )
    expect(remove).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can remove people.',
    })
    expect(await membership(world.people.member)).toEqual({ role: 'member', guest_kind: null })
  })
})
