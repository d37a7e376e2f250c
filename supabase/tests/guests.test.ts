// Guests over real HTTP with supabase-js: invited by email by an admin into named channels, a
// guest sees only those channels and their people, no user groups, and search finds nothing
// outside their channels. Each refusal's error is checked, and that nothing stored changed. What a
// guest cannot do is guests-refusals.test.ts; what admins do about guests is guests-admin.test.ts.
import { describe, expect, it } from 'vitest'
import { joinPrivate, leave, liveTopic } from './support/realtime.ts'
import { failure, ok } from './support/guests.ts'
import { useGuestWorld } from './support/guest-world.ts'
import { makeMessage } from './support/world.ts'

const { g, as, newGuest, channelIdsSeenBy, membership, channelsOf } = useGuestWorld()

describe('guest invites', () => {
  it('are sent by owners and admins, by email, naming the channels', async () => {
    const base = { p_workspace_id: g.world.ws, p_role: 'guest' }
    const member = failure(
      await as(g.world.people.member).rpc('create_invite', {
        ...base,
        p_email: 'x@example.test',
        p_channel_ids: [g.world.ch.plaza],
      })
    )
    expect(member).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can invite people.',
      details: 'workspace_admin_only',
    })
    const noEmail = failure(
      await as(g.world.people.admin).rpc('create_invite', {
        ...base,
        p_channel_ids: [g.world.ch.plaza],
      })
    )
    expect(noEmail).toMatchObject({
      code: '22023',
      message: 'Guests are invited by email.',
      details: 'guest_email_required',
    })
    const noChannel = failure(
      await as(g.world.people.admin).rpc('create_invite', { ...base, p_email: 'x@example.test' })
    )
    expect(noChannel).toMatchObject({
      code: '22023',
      message: 'A guest invite names the channels the guest may use.',
      details: 'guest_channels_required',
    })
    const twoForSingle = failure(
      await as(g.world.people.admin).rpc('create_invite', {
        ...base,
        p_email: 'x@example.test',
        p_channel_ids: [g.world.ch.plaza, g.world.ch.general],
        p_guest_kind: 'single',
      })
    )
    expect(twoForSingle).toMatchObject({
      code: '22023',
      message: 'A single-channel guest can be in only one channel; this invite names 2 channels.',
      details: 'single_channel_guest',
    })
    for (const elsewhere of [g.world.ch.outside, g.world.ch.dm, g.world.ch.attic]) {
      const refused = failure(
        await as(g.world.people.owner).rpc('create_invite', {
          ...base,
          p_email: 'x@example.test',
          p_channel_ids: [elsewhere],
        })
      )
      expect(refused).toMatchObject({
        code: '22023',
        message: `Channel not found. Not a channel of this workspace you can see: ${elsewhere}.`,
        details: 'channel_not_found',
      })
    }
    const rows = await g.stack.sql`select 1 from public.invites where email = 'x@example.test'`
    expect(rows).toHaveLength(0)
  })

  it('join the guest to the named channels only (not the default channel), recorded in the audit log', async () => {
    const guest = await newGuest([g.world.ch.plaza], 'single')
    expect(await membership(guest)).toEqual({ role: 'guest', guest_kind: 'single' })
    expect(await channelsOf(guest)).toEqual([g.world.ch.plaza])
    const [entry] = await g.stack.sql<{ details: Record<string, unknown> }[]>`
      select details from public.audit_log
      where workspace_id = ${g.world.ws} and action = 'invite.created' and details ->> 'email' = ${guest.email}`
    expect(entry!.details).toMatchObject({
      role: 'guest',
      guest_kind: 'single',
      channels: ['plaza'],
    })
  })

  it('a member or admin invite leaves channels and kind out', async () => {
    const invite = ok(
      await as(g.world.people.owner)
        .rpc('create_invite', {
          p_workspace_id: g.world.ws,
          p_channel_ids: [g.world.ch.plaza],
          p_guest_kind: 'single',
        })
        .single<{ channel_ids: string[] | null; guest_kind: string | null; role: string }>()
    )
    expect(invite).toMatchObject({ role: 'member', channel_ids: null, guest_kind: null })
  })
})

describe("a guest's view", () => {
  it('has only their channels: no browsing other public channels', async () => {
    expect(await channelIdsSeenBy(g.world.people.guest)).toEqual([g.world.ch.plaza])
    const list = ok(
      await as(g.world.people.guest).rpc('channel_list', { p_workspace_id: g.world.ws })
    )
    expect((list as { id: string }[]).map((c) => c.id)).toEqual([g.world.ch.plaza])
    // a member still browses every public channel
    expect(await channelIdsSeenBy(g.world.people.member)).toContain(g.world.ch.second)
  })

  it('has only the people of their channels', async () => {
    const inPlaza = (
      await g.stack.sql<{ user_id: string }[]>`
        select user_id from public.channel_members where channel_id = ${g.world.ch.plaza}`
    )
      .map((r) => r.user_id)
      .sort()
    expect(inPlaza).toContain(g.world.people.member.id)
    expect(inPlaza).not.toContain(g.world.people.member2.id)
    const roster = ok(
      await as(g.world.people.guest).rpc('workspace_roster', { p_workspace_id: g.world.ws })
    ) as { user_id: string; role: string }[]
    expect(roster.map((r) => r.user_id).sort()).toEqual(inPlaza)
    const profiles = ok(await as(g.world.people.guest).from('profiles').select('id'))
    expect((profiles as { id: string }[]).map((r) => r.id)).not.toContain(g.world.people.member2.id)
    const memberships = ok(
      await as(g.world.people.guest)
        .from('workspace_members')
        .select('user_id')
        .eq('workspace_id', g.world.ws)
    )
    expect((memberships as { user_id: string }[]).map((r) => r.user_id).sort()).toEqual(inPlaza)
    // everyone else sees the guest marked as one
    const seen = ok(
      await as(g.world.people.member2).rpc('workspace_roster', { p_workspace_id: g.world.ws })
    ) as { user_id: string; role: string }[]
    expect(seen.find((r) => r.user_id === g.world.people.guest.id)?.role).toBe('guest')
    const inChannel = ok(
      await as(g.world.people.member).rpc('channel_roster', { p_channel_id: g.world.ch.plaza })
    ) as { user_id: string; role: string }[]
    expect(inChannel.find((r) => r.user_id === g.world.people.guest.id)?.role).toBe('guest')
  })

  it('sees no user groups', async () => {
    ok(
      await as(g.world.people.owner).rpc('create_user_group', {
        p_workspace_id: g.world.ws,
        p_handle: 'visible-to-members',
        p_name: 'Members only',
      })
    )
    const groups = ok(await as(g.world.people.guest).from('user_groups').select('id'))
    expect(groups).toEqual([])
    expect(ok(await as(g.world.people.member).from('user_groups').select('id'))).not.toEqual([])
  })

  it('search finds nothing outside their channels', async () => {
    const word = `zebrafish${Date.now()}`
    const inPlaza = await makeMessage(
      g.stack.sql,
      g.world.people.member,
      g.world.ch.plaza,
      `${word} here`
    )
    await makeMessage(g.stack.sql, g.world.people.member2, g.world.ch.second, `${word} there`)
    await makeMessage(g.stack.sql, g.world.people.owner, g.world.ch.general, `${word} everywhere`)
    const found = ok(
      await as(g.world.people.guest).rpc('search_messages', {
        p_workspace_id: g.world.ws,
        p_terms: [word],
      })
    ) as { id: string }[]
    expect(found.map((r) => r.id)).toEqual([inPlaza])
  })

  it('joins only the Realtime topics of their channels', async () => {
    const attempts = await Promise.all([
      joinPrivate(g.stack, g.world.people.guest, `channel:${g.world.ch.plaza}`),
      joinPrivate(g.stack, g.world.people.guest, `channel:${g.world.ch.second}`),
      joinPrivate(g.stack, g.world.people.guest, `channel:${g.world.ch.general}`),
      joinPrivate(g.stack, g.world.people.guest, `workspace:${g.world.ws}`),
      joinPrivate(g.stack, g.world.people.guest, liveTopic.workspace(g.world.ws)),
      joinPrivate(g.stack, g.world.people.guest, liveTopic.channel(g.world.ch.second)),
      joinPrivate(g.stack, g.world.people.guest, liveTopic.channel(g.world.ch.plaza)),
    ])
    try {
      expect(attempts.map((a) => a.joined)).toEqual([true, false, false, false, false, false, true])
    } finally {
      await Promise.all(attempts.filter((a) => a.joined).map(leave))
    }
  })
})
