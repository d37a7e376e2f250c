// @channel, @here, @everyone and user groups in the database: whom a message's broadcast reaches
// (its `mentions`, so notification rules, badges and emails treat it as a mention), who may use
// them, @everyone only in the general channel, @here by recent activity, groups made by admins
// and joined by members, edits that reach nobody new, and every refusal leaving nothing stored.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
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

/** Sends `body` to the channel as the person; returns the stored message's mentions. */
async function send(person: Person, channel: string, body: string): Promise<string[]> {
  const id = randomUUID()
  await asRole(
    stack.sql,
    person,
    (tx) => tx`insert into public.messages (id, channel_id, author_id, body)
      values (${id}, ${channel}, ${person.id}, ${body})`
  )
  const [row] = await stack.sql<{ mentions: string[] }[]>`
    select mentions from public.messages where id = ${id}`
  return [...row!.mentions].sort()
}

/** The promise fails with SQLSTATE `code` (and a message matching `message`). */
async function expectError(promise: Promise<unknown>, code: string, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string; message?: string }
  )
  expect(error, 'expected the database to refuse').not.toBeNull()
  expect(error!.code).toBe(code)
  if (message) expect(error!.message).toMatch(message)
}

const ids = (...people: Person[]) => people.map((p) => p.id).sort()

async function countIn(channel: string): Promise<number> {
  const [row] = await stack.sql<{ n: number }[]>`
    select count(*)::int as n from public.messages where channel_id = ${channel}`
  return row!.n
}

async function createGroup(person: Person, handle: string, members: Person[] = []) {
  const [group] = await asRole(
    stack.sql,
    person,
    (tx) => tx<{ id: string; handle: string }[]>`
      select id, handle from public.create_user_group(${world.ws}, ${handle}, ${`Team ${handle}`}, '',
        ${members.map((m) => m.id)}::uuid[])`
  )
  return group!
}

describe('@channel and @everyone', () => {
  it('@channel reaches every member of the channel but its author', async () => {
    // plaza's guest is one of its members
    const { owner, admin, member, guest } = world.people
    expect(await send(admin, world.ch.plaza, 'Heads up <!channel>: deploy at 5')).toEqual(
      ids(owner, member, guest)
    )
  })

  it('@everyone reaches the whole workspace in the general channel, and is refused elsewhere', async () => {
    const { owner, admin, member, member2 } = world.people
    expect(await send(owner, world.ch.general, '<!everyone> all hands at 3')).toEqual(
      ids(admin, member, member2)
    )
    const before = await countIn(world.ch.plaza)
    await expectError(send(owner, world.ch.plaza, '<!everyone> hi'), '22023', /general channel/)
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('adds the people a broadcast reaches to those mentioned by name, each once', async () => {
    const { owner, admin, member, guest } = world.people
    expect(
      await send(admin, world.ch.plaza, `<@${member.id}> and <!channel>, <@${owner.id}> too`)
    ).toEqual(ids(owner, member, guest))
  })
})

describe('@here', () => {
  it('reaches the channel members active in the last two minutes', async () => {
    const { owner, admin, member, member2 } = world.people
    await asRole(stack.sql, member, (tx) => tx`select public.touch_activity(${world.ws})`)
    await asRole(stack.sql, member2, (tx) => tx`select public.touch_activity(${world.ws})`)
    await asRole(stack.sql, admin, (tx) => tx`select public.touch_activity(${world.ws})`)
    // The admin was last active five minutes ago.
    await stack.sql`update public.user_activity set active_at = now() - interval '5 minutes'
      where user_id = ${admin.id}`
    expect(await send(owner, world.ch.general, '<!here> lunch?')).toEqual(ids(member, member2))
    // In plaza member2 is not a member: only the member.
    expect(await send(owner, world.ch.plaza, '<!here> standup')).toEqual(ids(member))
  })

  it('records activity only for a member of the workspace', async () => {
    await expectError(
      asRole(
        stack.sql,
        world.people.outsider,
        (tx) => tx`select public.touch_activity(${world.ws})`
      ),
      '42501'
    )
  })
})

describe('who may notify everyone', () => {
  it('an owner keeps @channel, @here and @everyone to admins; a member is refused, nothing stored', async () => {
    const { owner, admin, member } = world.people
    await expectError(
      asRole(
        stack.sql,
        admin,
        (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'admins')`
      ),
      '42501'
    )
    await expectError(
      asRole(
        stack.sql,
        owner,
        (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'nobody')`
      ),
      '22023'
    )
    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'admins')`
    )
    try {
      const before = await countIn(world.ch.plaza)
      await expectError(send(member, world.ch.plaza, '<!channel> look'), '42501', /Only admins/)
      expect(await countIn(world.ch.plaza)).toBe(before)
      expect(await send(admin, world.ch.plaza, '<!channel> look')).toEqual(
        ids(owner, member, world.people.guest)
      )
      // A person mention stays anyone's.
      expect(await send(member, world.ch.plaza, `<@${admin.id}> look`)).toEqual(ids(admin))
    } finally {
      await asRole(
        stack.sql,
        owner,
        (tx) => tx`select public.set_broadcast_mentions(${world.ws}, 'everyone')`
      )
    }
  })
})

describe('user groups', () => {
  it('a group mention reaches its members who are in the channel', async () => {
    const { owner, admin, member, member2 } = world.people
    const design = await createGroup(admin, '@Design', [member, member2, owner])
    expect(design.handle).toBe('design')
    // quiet: owner and member only.
    expect(
      await send(owner, world.ch.quiet, `<!subteam^${design.id}|@design> review please`)
    ).toEqual(ids(member))
    expect(await send(owner, world.ch.general, `<!subteam^${design.id}> review please`)).toEqual(
      ids(member, member2)
    )
  })

  it('refuses a group of another workspace or none, and stores nothing', async () => {
    const before = await countIn(world.ch.general)
    await expectError(
      send(world.people.owner, world.ch.general, `<!subteam^${randomUUID()}> hi`),
      '22023',
      /group that is not in this workspace/
    )
    expect(await countIn(world.ch.general)).toBe(before)
  })

  it('admins make groups; members join and leave themselves but cannot add or remove others', async () => {
    const { admin, member, member2 } = world.people
    await expectError(createGroup(member, 'sneaky'), '42501')
    const ops = await createGroup(admin, 'ops')
    await asRole(
      stack.sql,
      member,
      (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member.id]}::uuid[])`
    )
    await expectError(
      asRole(
        stack.sql,
        member,
        (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member2.id]}::uuid[])`
      ),
      '42501'
    )
    await asRole(
      stack.sql,
      admin,
      (tx) => tx`select public.add_user_group_members(${ops.id}, ${[member2.id]}::uuid[])`
    )
    await expectError(
      asRole(
        stack.sql,
        member,
        (tx) => tx`select public.remove_user_group_member(${ops.id}, ${member2.id})`
      ),
      '42501'
    )
    await asRole(
      stack.sql,
      member,
      (tx) => tx`select public.remove_user_group_member(${ops.id}, ${member.id})`
    )
    const rows = await stack.sql<{ user_id: string }[]>`
      select user_id from public.user_group_members where group_id = ${ops.id}`
    expect(rows.map((r) => r.user_id)).toEqual([member2.id])
  })

  it('refuses bad handles, taken handles, outsiders and strangers', async () => {
    const { admin, outsider } = world.people
    await expectError(createGroup(admin, 'Design Team!'), '22023', /handle/)
    await expectError(createGroup(admin, 'channel'), '22023', /taken/)
    await createGroup(admin, 'qa')
    await expectError(createGroup(admin, 'QA'), '23505', /already a group @qa/)
    const qa = await stack.sql<
      { id: string }[]
    >`select id from public.user_groups where handle = 'qa'`
    await expectError(
      asRole(
        stack.sql,
        admin,
        (tx) => tx`select public.add_user_group_members(${qa[0]!.id}, ${[outsider.id]}::uuid[])`
      ),
      '22023',
      /people of the workspace/
    )
    await expectError(
      asRole(stack.sql, outsider, (tx) => tx`select public.delete_user_group(${qa[0]!.id})`),
      '22023',
      /Group not found/
    )
  })
})

describe('who reads groups and activity', () => {
  it('group members are read by the workspace only; activity by nobody through the API', async () => {
    const { admin, member, member2, outsider } = world.people
    const team = await createGroup(admin, 'readers', [member2])
    const read = (person: Person) =>
      asRole(
        stack.sql,
        person,
        (tx) => tx<{ user_id: string }[]>`
          select user_id from public.user_group_members where group_id = ${team.id}`
      )
    expect((await read(member)).map((r) => r.user_id)).toEqual([member2.id])
    expect(await read(outsider)).toEqual([])
    await asRole(stack.sql, member, (tx) => tx`select public.touch_activity(${world.ws})`)
    await expectError(
      asRole(stack.sql, member, (tx) => tx`select user_id from public.user_activity`),
      '42501'
    )
  })
})

describe('edits and badges', () => {
  it('an edit reaches nobody new: adding @channel by an edit notifies no one', async () => {
    const { admin, member } = world.people
    const id = randomUUID()
    await asRole(
      stack.sql,
      admin,
      (tx) => tx`insert into public.messages (id, channel_id, author_id, body)
        values (${id}, ${world.ch.plaza}, ${admin.id}, ${`hi <@${member.id}>`})`
    )
    await asRole(
      stack.sql,
      admin,
      (tx) => tx`update public.messages set body = 'hi <!channel>' where id = ${id}`
    )
    const [row] = await stack.sql<
      { mentions: string[] }[]
    >`select mentions from public.messages where id = ${id}`
    expect([...row!.mentions]).toEqual([member.id])
  })

  it('counts @channel as a mention in the channel list and the rail badges', async () => {
    const { admin, member } = world.people
    const before = await asRole(
      stack.sql,
      member,
      (tx) => tx<{ mention_count: string }[]>`
        select mention_count from public.channel_list(${world.ws}) where id = ${world.ch.plaza}`
    )
    await send(admin, world.ch.plaza, '<!channel> counted')
    const after = await asRole(
      stack.sql,
      member,
      (tx) => tx<{ mention_count: string }[]>`
        select mention_count from public.channel_list(${world.ws}) where id = ${world.ch.plaza}`
    )
    expect(Number(after[0]!.mention_count)).toBe(Number(before[0]!.mention_count) + 1)
  })
})
