// What a guest cannot do, over real HTTP with supabase-js: create, join or browse channels,
// invite or add anyone, message people outside their channels, be in a user group, change roles
// or remove people. Each refusal's error is checked, and that nothing stored changed. Invites and
// what a guest sees: guests.test.ts.
import { describe, expect, it } from 'vitest'
import { failure, ok } from './support/guests.ts'
import { useGuestWorld } from './support/guest-world.ts'

const { g, as, membership, channelsOf } = useGuestWorld()

describe('what a guest cannot do', () => {
  it('create a channel', async () => {
    const refused = failure(
      await as(g.world.people.guest).rpc('create_channel', {
        p_workspace_id: g.world.ws,
        p_name: 'mine',
      })
    )
    expect(refused).toMatchObject({
      code: '42501',
      message: 'Guests cannot create channels.',
      details: 'guest_not_allowed',
    })
    const rows = await g.stack.sql`
      select 1 from public.channels where workspace_id = ${g.world.ws} and name = 'mine'`
    expect(rows).toHaveLength(0)
  })

  it('join a public channel, through the RPC or the table', async () => {
    const rpc = failure(
      await as(g.world.people.guest).rpc('join_channel', { p_channel_id: g.world.ch.second })
    )
    expect(rpc).toMatchObject({
      code: '22023',
      message: 'Channel not found.',
      details: 'channel_not_found',
    })
    const insert = failure(
      await as(g.world.people.guest)
        .from('channel_members')
        .insert({ channel_id: g.world.ch.general, user_id: g.world.people.guest.id })
    )
    expect(insert.code).toBe('42501')
    expect(await channelsOf(g.world.people.guest)).toEqual([g.world.ch.plaza])
  })

  it('invite anyone, or add people to a channel', async () => {
    const invite = failure(
      await as(g.world.people.guest).rpc('create_invite', { p_workspace_id: g.world.ws })
    )
    expect(invite).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can invite people.',
      details: 'workspace_admin_only',
    })
    const add = failure(
      await as(g.world.people.guest).rpc('add_channel_members', {
        p_channel_id: g.world.ch.plaza,
        p_user_ids: [g.world.people.member2.id],
      })
    )
    expect(add).toMatchObject({
      code: '42501',
      message: 'Guests cannot add people to channels.',
      details: 'guest_not_allowed',
    })
    expect(await channelsOf(g.world.people.member2)).not.toContain(g.world.ch.plaza)
  })

  it('message people outside their channels (either way); people of their channels are fine', async () => {
    const out = failure(
      await as(g.world.people.guest).rpc('open_dm', {
        p_workspace_id: g.world.ws,
        p_user_ids: [g.world.people.member2.id],
      })
    )
    expect(out).toMatchObject({
      code: '42501',
      message: `A guest can only message people who are in one of their channels. Not in a channel with the guest: ${g.world.people.member2.id}.`,
      details: 'guest_dm_stranger',
    })
    const back = failure(
      await as(g.world.people.member2).rpc('open_dm', {
        p_workspace_id: g.world.ws,
        p_user_ids: [g.world.people.guest.id],
      })
    )
    expect(back).toMatchObject({ code: '42501', details: 'guest_dm_stranger' })
    const dm = ok(
      await as(g.world.people.guest)
        .rpc('open_dm', { p_workspace_id: g.world.ws, p_user_ids: [g.world.people.member.id] })
        .single<{ id: string; kind: string }>()
    )
    expect(dm.kind).toBe('dm')
  })

  it('be in a user group', async () => {
    const group = ok(
      await as(g.world.people.owner)
        .rpc('create_user_group', {
          p_workspace_id: g.world.ws,
          p_handle: 'no-guests',
          p_name: 'No guests',
        })
        .single<{ id: string }>()
    )
    const self = failure(
      await as(g.world.people.guest).rpc('add_user_group_members', {
        p_group_id: group.id,
        p_user_ids: [g.world.people.guest.id],
      })
    )
    expect(self).toMatchObject({
      code: '22023',
      message: 'Guests cannot be in user groups; guest is a guest.',
      details: 'guest_in_group',
    })
    const byAdmin = failure(
      await as(g.world.people.admin).rpc('add_user_group_members', {
        p_group_id: group.id,
        p_user_ids: [g.world.people.guest.id],
      })
    )
    expect(byAdmin).toMatchObject({
      code: '22023',
      details: 'guest_in_group',
      hint: 'Make them a member first.',
    })
  })

  it('change roles or remove people', async () => {
    const role = failure(
      await as(g.world.people.guest).rpc('set_member_role', {
        p_workspace_id: g.world.ws,
        p_user_id: g.world.people.member.id,
        p_role: 'guest',
      })
    )
    expect(role).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can change roles.',
      details: 'workspace_admin_only',
    })
    const remove = failure(
      await as(g.world.people.guest).rpc('remove_member', {
        p_workspace_id: g.world.ws,
        p_user_id: g.world.people.member.id,
      })
    )
    expect(remove).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can remove people.',
      details: 'workspace_admin_only',
    })
    expect(await membership(g.world.people.member)).toEqual({ role: 'member', guest_kind: null })
  })
})
