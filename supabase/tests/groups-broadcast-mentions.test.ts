// @channel, @here, @everyone and user groups in the database: whom a message's broadcast reaches
// (its `mentions`, so notification rules, badges and emails treat it as a mention), who may use
// them, @everyone only in the general channel, @here by recent activity, groups made by admins
// and joined by members, edits that reach nobody new, and every refusal leaving nothing stored.
// The set-up and helpers are support/mentions-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectError, ids, useMentionsWorld } from './support/mentions-world.ts'
import { asRole } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useMentionsWorld()
const { send, countIn, createGroup } = t

describe('@channel and @everyone', () => {
  it('@channel reaches every member of the channel but its author', async () => {
    // plaza's guest is one of its members
    const { owner, admin, member, guest } = t.world.people
    expect(await send(admin, t.world.ch.plaza, 'Heads up <!channel>: deploy at 5')).toEqual(
      ids(owner, member, guest)
    )
  })

  it('@everyone reaches the whole workspace in the general channel, and is refused elsewhere', async () => {
    const { owner, admin, member, member2 } = t.world.people
    expect(await send(owner, t.world.ch.general, '<!everyone> all hands at 3')).toEqual(
      ids(admin, member, member2)
    )
    const before = await countIn(t.world.ch.plaza)
    await expectError(
      send(owner, t.world.ch.plaza, '<!everyone> hi'),
      '22023',
      'everyone_mention_outside_general',
      /general channel/
    )
    expect(await countIn(t.world.ch.plaza)).toBe(before)
  })

  it('adds the people a broadcast reaches to those mentioned by name, each once', async () => {
    const { owner, admin, member, guest } = t.world.people
    expect(
      await send(admin, t.world.ch.plaza, `<@${member.id}> and <!channel>, <@${owner.id}> too`)
    ).toEqual(ids(owner, member, guest))
  })
})

describe('@here', () => {
  it('reaches the channel members active in the last two minutes', async () => {
    const { owner, admin, member, member2 } = t.world.people
    await asRole(t.stack.sql, member, (tx) => tx`select public.touch_activity(${t.world.ws})`)
    await asRole(t.stack.sql, member2, (tx) => tx`select public.touch_activity(${t.world.ws})`)
    await asRole(t.stack.sql, admin, (tx) => tx`select public.touch_activity(${t.world.ws})`)
    // The admin was last active five minutes ago.
    await t.stack.sql`update public.user_activity set active_at = now() - interval '5 minutes'
      where user_id = ${admin.id}`
    expect(await send(owner, t.world.ch.general, '<!here> lunch?')).toEqual(ids(member, member2))
    // In plaza member2 is not a member: only the member.
    expect(await send(owner, t.world.ch.plaza, '<!here> standup')).toEqual(ids(member))
  })

  it('records activity only for a member of the workspace', async () => {
    await expectError(
      asRole(
        t.stack.sql,
        t.world.people.outsider,
        (tx) => tx`select public.touch_activity(${t.world.ws})`
      ),
      '42501',
      'not_workspace_member'
    )
  })
})

describe('who may notify everyone', () => {
  it('an owner keeps @channel, @here and @everyone to admins; a member is refused, nothing stored', async () => {
    const { owner, admin, member } = t.world.people
    await expectError(
      asRole(
        t.stack.sql,
        admin,
        (tx) => tx`select public.set_broadcast_mentions(${t.world.ws}, 'admins')`
      ),
      '42501',
      'workspace_owner_only'
    )
    await expectError(
      asRole(
        t.stack.sql,
        owner,
        (tx) => tx`select public.set_broadcast_mentions(${t.world.ws}, 'nobody')`
      ),
      '22023',
      'invalid_argument'
    )
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_broadcast_mentions(${t.world.ws}, 'admins')`
    )
    try {
      const before = await countIn(t.world.ch.plaza)
      await expectError(
        send(member, t.world.ch.plaza, '<!channel> look'),
        '42501',
        'broadcast_mention_admins_only',
        /Only admins/
      )
      expect(await countIn(t.world.ch.plaza)).toBe(before)
      expect(await send(admin, t.world.ch.plaza, '<!channel> look')).toEqual(
        ids(owner, member, t.world.people.guest)
      )
      // A person mention stays anyone's.
      expect(await send(member, t.world.ch.plaza, `<@${admin.id}> look`)).toEqual(ids(admin))
    } finally {
      await asRole(
        t.stack.sql,
        owner,
        (tx) => tx`select public.set_broadcast_mentions(${t.world.ws}, 'everyone')`
      )
    }
  })
})

describe('user groups', () => {
  it('a group mention reaches its members who are in the channel', async () => {
    const { owner, admin, member, member2 } = t.world.people
    const design = await createGroup(admin, '@Design', [member, member2, owner])
    expect(design.handle).toBe('design')
    // quiet: owner and member only.
    expect(
      await send(owner, t.world.ch.quiet, `<!subteam^${design.id}|@design> review please`)
    ).toEqual(ids(member))
    expect(await send(owner, t.world.ch.general, `<!subteam^${design.id}> review please`)).toEqual(
      ids(member, member2)
    )
  })

  it('refuses a group of another workspace or none, and stores nothing', async () => {
    const before = await countIn(t.world.ch.general)
    await expectError(
      send(t.world.people.owner, t.world.ch.general, `<!subteam^${randomUUID()}> hi`),
      '22023',
      'mention_group_not_in_workspace',
      /group that is not in this workspace/
    )
    expect(await countIn(t.world.ch.general)).toBe(before)
  })

  it('admins make groups; members join and leave themselves but cannot add or remove others', async () => {
    const { admin, member, member2 } = t.world.people
    await expectError(createGroup(member, 'sneaky'), '42501', 'workspace_admin_only')
    const ops = await createGroup(admin, 'ops')
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member.id]}::uuid[])`
    )
    await expectError(
      asRole(
        t.stack.sql,
        member,
        (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member2.id]}::uuid[])`
      ),
      '42501',
      'workspace_admin_only'
    )
    await asRole(
      t.stack.sql,
      admin,
      (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member2.id]}::uuid[])`
    )
    await expectError(
      asRole(
        t.stack.sql,
        member,
        (tx) => tx`select public.remove_user_group_member(${ops.id}, ${member2.id})`
      ),
      '42501',
      'workspace_admin_only'
    )
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.remove_user_group_member(${ops.id}, ${member.id})`
    )
    const rows = await t.stack.sql<{ user_id: string }[]>`
      select user_id from public.user_group_members where group_id = ${ops.id}`
    expect(rows.map((r) => r.user_id)).toEqual([member2.id])
  })

  it('refuses bad handles, taken handles, outsiders and strangers', async () => {
    const { admin, outsider } = t.world.people
    await expectError(createGroup(admin, 'Design Team!'), '22023', 'group_handle_invalid', /handle/)
    await expectError(createGroup(admin, 'channel'), '22023', 'group_handle_reserved', /taken/)
    await createGroup(admin, 'qa')
    await expectError(
      createGroup(admin, 'QA'),
      '23505',
      'group_handle_taken',
      /already a group @qa/
    )
    const qa = await t.stack.sql<
      { id: string }[]
    >`select id from public.user_groups where handle = 'qa'`
    await expectError(
      asRole(
        t.stack.sql,
        admin,
        (tx) => tx`select public.add_user_group_members(${qa[0]!.id}, ${[outsider.id]}::uuid[])`
      ),
      '22023',
      'person_not_in_workspace',
      /people of the workspace/
    )
    await expectError(
      asRole(t.stack.sql, outsider, (tx) => tx`select public.delete_user_group(${qa[0]!.id})`),
      '22023',
      'group_not_found',
      /Group not found/
    )
  })
})

describe('who reads groups and activity', () => {
  it('group members are read by the workspace only; activity by nobody through the API', async () => {
    const { admin, member, member2, outsider } = t.world.people
    const team = await createGroup(admin, 'readers', [member2])
    const read = (person: Person) =>
      asRole(
        t.stack.sql,
        person,
        (tx) => tx<{ user_id: string }[]>`
          select user_id from public.user_group_members where group_id = ${team.id}`
      )
    expect((await read(member)).map((r) => r.user_id)).toEqual([member2.id])
    expect(await read(outsider)).toEqual([])
    await asRole(t.stack.sql, member, (tx) => tx`select public.touch_activity(${t.world.ws})`)
    await expectError(
      asRole(t.stack.sql, member, (tx) => tx`select user_id from public.user_activity`),
      '42501',
      null
    )
  })
})

describe('edits and badges', () => {
  it('an edit reaches nobody new: adding @channel by an edit notifies no one', async () => {
    const { admin, member } = t.world.people
    const id = randomUUID()
    await asRole(
      t.stack.sql,
      admin,
      (tx) => tx`insert into public.messages (id, channel_id, author_id, body)
        values (${id}, ${t.world.ch.plaza}, ${admin.id}, ${`hi <@${member.id}>`})`
    )
    await asRole(
      t.stack.sql,
      admin,
      (tx) => tx`update public.messages set body = 'hi <!channel>' where id = ${id}`
    )
    const [row] = await t.stack.sql<
      { mentions: string[] }[]
    >`select mentions from public.messages where id = ${id}`
    expect([...row!.mentions]).toEqual([member.id])
  })

  it('counts @channel as a mention in the channel list and the rail badges', async () => {
    const { admin, member } = t.world.people
    const before = await asRole(
      t.stack.sql,
      member,
      (tx) => tx<{ mention_count: string }[]>`
        select mention_count from public.channel_list(${t.world.ws}) where id = ${t.world.ch.plaza}`
    )
    await send(admin, t.world.ch.plaza, '<!channel> counted')
    const after = await asRole(
      t.stack.sql,
      member,
      (tx) => tx<{ mention_count: string }[]>`
        select mention_count from public.channel_list(${t.world.ws}) where id = ${t.world.ch.plaza}`
    )
    expect(Number(after[0]!.mention_count)).toBe(Number(before[0]!.mention_count) + 1)
  })
})
