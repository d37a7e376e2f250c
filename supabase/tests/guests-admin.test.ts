// Guests managed by owners and admins, over real HTTP with supabase-js: a single-channel guest
// is in one channel at most, only admins add a guest to a channel, a multi-channel guest is in
// several; a guest's kind changes; a guest becomes a member (the default channel, browsing) and
// a guest again; admins remove a guest. Each refusal's error is checked, and the audit log.
// What a guest can and cannot do is guests.test.ts and guests-refusals.test.ts.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { failure, guestKit, ok } from './support/guests.ts'
import { buildWorld } from './support/world.ts'
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

describe('single- and multi-channel guests', () => {
  it('a single-channel guest cannot be added to a second channel', async () => {
    const guest = await newGuest([world.ch.plaza], 'single')
    const refused = failure(
      await as(world.people.admin).rpc('add_channel_members', {
        p_channel_id: world.ch.second,
        p_user_ids: [guest.id],
      })
    )
    expect(refused).toMatchObject({
      code: '22023',
      message:
        'A single-channel guest can be in only one channel; visitor is already in a channel.',
      details: 'single_channel_guest',
      hint: 'Make them a multi-channel guest first.',
    })
    expect(await channelsOf(guest)).toEqual([world.ch.plaza])
  })

  it('only admins add a guest to channels; a multi-channel guest is in several', async () => {
    const guest = await newGuest([world.ch.plaza, world.ch.quiet], 'multi')
    expect(await channelsOf(guest)).toEqual([world.ch.plaza, world.ch.quiet].sort())
    const byMember = failure(
      await as(world.people.member2).rpc('add_channel_members', {
        p_channel_id: world.ch.second,
        p_user_ids: [guest.id],
      })
    )
    expect(byMember).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can add guests to channels; visitor is a guest.',
      details: 'workspace_admin_only',
    })
    ok(
      await as(world.people.admin).rpc('add_channel_members', {
        p_channel_id: world.ch.second,
        p_user_ids: [guest.id],
      })
    )
    expect(await channelIdsSeenBy(guest)).toEqual(
      [world.ch.plaza, world.ch.quiet, world.ch.second].sort()
    )
    ok(
      await as(world.people.admin).rpc('remove_channel_member', {
        p_channel_id: world.ch.second,
        p_user_id: guest.id,
      })
    )
    expect(await channelIdsSeenBy(guest)).not.toContain(world.ch.second)
    const actions = await stack.sql<{ action: string }[]>`
      select action from public.audit_log
      where workspace_id = ${world.ws} and target_id = ${guest.id} order by id`
    expect(actions.map((a) => a.action)).toEqual([
      'member.joined',
      'guest.channel_added',
      'channel.member_removed',
    ])
  })

  it("admins change a guest's kind; single is refused while they are in several channels", async () => {
    const guest = await newGuest([world.ch.plaza, world.ch.quiet], 'multi')
    const byMember = failure(
      await as(world.people.member).rpc('set_guest_kind', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_kind: 'single',
      })
    )
    expect(byMember).toMatchObject({
      code: '42501',
      message: "Only owners and admins can change a guest's channels.",
      details: 'workspace_admin_only',
    })
    const tooMany = failure(
      await as(world.people.admin).rpc('set_guest_kind', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_kind: 'single',
      })
    )
    expect(tooMany).toMatchObject({
      code: '22023',
      message: 'A single-channel guest can be in only one channel; visitor is in 2 channels.',
      details: 'single_channel_guest',
    })
    const bad = failure(
      await as(world.people.admin).rpc('set_guest_kind', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_kind: 'triple',
      })
    )
    expect(bad).toMatchObject({
      code: '22023',
      message: 'A guest is single-channel or multi-channel.',
      details: 'invalid_argument',
    })
    const notGuest = failure(
      await as(world.people.admin).rpc('set_guest_kind', {
        p_workspace_id: world.ws,
        p_user_id: world.people.member.id,
        p_kind: 'multi',
      })
    )
    expect(notGuest).toMatchObject({
      code: '22023',
      message: 'That person is not a guest of this workspace.',
      details: 'person_not_guest',
    })
    expect(await membership(guest)).toEqual({ role: 'guest', guest_kind: 'multi' })
    ok(await as(guest).rpc('leave_channel', { p_channel_id: world.ch.quiet }))
    ok(
      await as(world.people.admin).rpc('set_guest_kind', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_kind: 'single',
      })
    )
    expect(await membership(guest)).toEqual({ role: 'guest', guest_kind: 'single' })
    const [entry] = await stack.sql<{ details: Record<string, unknown> }[]>`
      select details from public.audit_log
      where workspace_id = ${world.ws} and action = 'guest.kind_changed' and target_id = ${guest.id}`
    expect(entry!.details).toEqual({ from: 'multi', to: 'single' })
  })
})

describe('turning a guest into a member, and back', () => {
  it('a member joins the default channel and browses every public channel; back as a guest, not', async () => {
    const guest = await newGuest([world.ch.plaza], 'single')
    const byMember = failure(
      await as(world.people.member).rpc('set_member_role', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_role: 'member',
      })
    )
    expect(byMember).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can change roles.',
      details: 'workspace_admin_only',
    })
    ok(
      await as(world.people.admin).rpc('set_member_role', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_role: 'member',
      })
    )
    expect(await membership(guest)).toEqual({ role: 'member', guest_kind: null })
    // A member is in #general and #random (which came with the workspace) besides their own.
    const [random] = await stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${world.ws} and name = 'random'`
    expect(await channelsOf(guest)).toEqual([world.ch.general, world.ch.plaza, random!.id].sort())
    expect(await channelIdsSeenBy(guest)).toContain(world.ch.second)
    ok(await as(guest).rpc('join_channel', { p_channel_id: world.ch.second }))

    ok(
      await as(world.people.admin).rpc('set_member_role', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
        p_role: 'guest',
      })
    )
    expect(await membership(guest)).toEqual({ role: 'guest', guest_kind: 'multi' })
    // the channels they are in stay theirs; no other public channel is visible
    const seen = await channelIdsSeenBy(guest)
    expect(seen).toEqual([world.ch.general, world.ch.plaza, world.ch.second, random!.id].sort())
    expect(seen).not.toContain(world.ch.attic)
    const actions = await stack.sql<{ details: Record<string, unknown> }[]>`
      select details from public.audit_log
      where workspace_id = ${world.ws} and action = 'member.role_changed' and target_id = ${guest.id}
      order by id`
    expect(actions.map((a) => a.details)).toEqual([
      { from: 'guest', to: 'member' },
      { from: 'member', to: 'guest' },
    ])
  })

  it('admins remove a guest from the workspace', async () => {
    const guest = await newGuest([world.ch.plaza], 'single')
    ok(
      await as(world.people.admin).rpc('remove_member', {
        p_workspace_id: world.ws,
        p_user_id: guest.id,
      })
    )
    expect(await membership(guest)).toBeUndefined()
    expect(await channelIdsSeenBy(guest)).toEqual([])
  })
})
