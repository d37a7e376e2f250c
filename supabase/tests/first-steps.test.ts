// A new workspace's start (issue 68): #general and #random, which its creator and everyone who
// joins are in (#random may be left, #general not; a guest is in neither until made a member), and
// the first steps' facts (first_steps()) with their dismissal, kept per person and workspace.
// Who may read or write a dismissal: the RLS matrix (support/matrix-personal.ts).
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { asRole, createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'
import { workspaceKit } from './support/workspaces.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
const { createWorkspace, invite, accept } = workspaceKit(() => stack)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

const myChannels = (person: Person, ws: string) =>
  asRole(
    stack.sql,
    person,
    (tx) => tx<{ name: string }[]>`
      select name from public.channel_list(${ws}) where kind <> 'dm' order by name`
  ).then((rows) => rows.map((r) => r.name))

interface Facts {
  invited: boolean
  channel: boolean
  notifications: boolean
  installed: boolean
  dismissed: boolean
  may_invite: boolean
  guest: boolean
}

const factsOf = async (person: Person, ws: string): Promise<Facts> => {
  const { data, error } = await clientFor(stack, person)
    .rpc('first_steps', { p_workspace_id: ws })
    .single<Facts>()
  if (error) throw Object.assign(new Error(error.message), error)
  return data
}

describe('a new workspace', () => {
  it('has #general and #random, which its creator and everyone joining are in', async () => {
    const owner = await createPerson(stack, 'starter')
    const ws = await createWorkspace(owner, 'Fresh')
    expect(await myChannels(owner, ws.id)).toEqual(['general', 'random'])
    const newcomer = await createPerson(stack, 'joiner')
    await accept(newcomer, (await invite(owner, ws.id)).token)
    expect(await myChannels(newcomer, ws.id)).toEqual(['general', 'random'])

    // #random can be left (and joined again); #general cannot.
    const [random, general] = await stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws.id} order by name desc`
    const db = clientFor(stack, newcomer)
    expect((await db.rpc('leave_channel', { p_channel_id: random!.id })).error).toBeNull()
    expect(await myChannels(newcomer, ws.id)).toEqual(['general'])
    const stay = await db.rpc('leave_channel', { p_channel_id: general!.id })
    expect(stay.error).toMatchObject({ code: '22023', details: 'membership_fixed' })
    expect((await db.rpc('join_channel', { p_channel_id: random!.id })).error).toBeNull()
    expect(await myChannels(newcomer, ws.id)).toEqual(['general', 'random'])
    // #random is an ordinary channel otherwise: its creator may archive it.
    const archived = await clientFor(stack, owner)
      .from('channels')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', random!.id)
      .select('archived_at')
    expect(archived.error).toBeNull()
    expect(archived.data).toHaveLength(1)
  })

  it('puts a guest in their channels only, and in #random once a member', async () => {
    const owner = await createPerson(stack, 'host')
    const ws = await createWorkspace(owner, 'Guests welcome')
    const plaza = await asRole(stack.sql, owner, async (tx) => {
      const [c] = await tx<
        { id: string }[]
      >`select id from public.create_channel(${ws.id}, 'plaza')`
      return c!.id
    })
    const guest = await createPerson(stack, 'visitor')
    const link = await asRole(stack.sql, owner, async (tx) => {
      const [i] = await tx<{ token: string }[]>`
        select token from public.create_invite(${ws.id}, ${guest.email}, 'guest', null, null,
          ${[plaza]}, 'multi')`
      return i!
    })
    await accept(guest, link!.token)
    expect(await myChannels(guest, ws.id)).toEqual(['plaza'])
    expect(await factsOf(guest, ws.id)).toMatchObject({ guest: true, may_invite: false })
    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_member_role(${ws.id}, ${guest.id}, 'member')`
    )
    expect(await myChannels(guest, ws.id)).toEqual(['general', 'plaza', 'random'])
  })
})

describe('first_steps()', () => {
  it('ticks each step off from what was done, and keeps its dismissal', async () => {
    const owner = await createPerson(stack, 'founder')
    const ws = await createWorkspace(owner, 'Steps')
    expect(await factsOf(owner, ws.id)).toEqual({
      invited: false,
      channel: false,
      notifications: false,
      installed: false,
      dismissed: false,
      may_invite: true,
      guest: false,
    })
    const db = clientFor(stack, owner)

    // An invitation made (nobody has joined yet).
    await invite(owner, ws.id, { email: 'friend@example.test' })
    // A channel made (#general and #random, made with the workspace, did not count).
    expect(
      (await db.rpc('create_channel', { p_workspace_id: ws.id, p_name: 'projects' })).error
    ).toBeNull()
    expect(await factsOf(owner, ws.id)).toMatchObject({
      invited: true,
      channel: true,
      notifications: false,
    })

    // A notification choice of this workspace's.
    expect(
      (await db.rpc('set_notification_default', { p_workspace_id: ws.id, p_level: 'all' })).error
    ).toBeNull()
    expect(await factsOf(owner, ws.id)).toMatchObject({ notifications: true, installed: false })

    // A device with push on: installed, and notifications too.
    const other = await createWorkspace(owner, 'Other steps')
    await stack.sql`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, device_name)
      values (${owner.id}, 'https://push.example/steps', ${'B' + 'A'.repeat(86)}, ${'A'.repeat(22)}, 'Phone')`
    expect(await factsOf(owner, other.id)).toMatchObject({
      invited: false,
      notifications: true,
      installed: true,
    })

    // Hidden here, through the table, on every device; not in the other workspace.
    expect(
      (await db.from('first_steps_dismissals').insert({ workspace_id: ws.id, user_id: owner.id }))
        .error
    ).toBeNull()
    expect(await factsOf(owner, ws.id)).toMatchObject({ dismissed: true })
    expect(await factsOf(owner, other.id)).toMatchObject({ dismissed: false })
    // Hiding it twice is one row; nobody hides it for someone else.
    const again = await db
      .from('first_steps_dismissals')
      .insert({ workspace_id: ws.id, user_id: owner.id })
    expect(again.error).toMatchObject({ code: '23505' })
    const stranger = await createPerson(stack, 'stranger')
    const forOwner = await clientFor(stack, stranger)
      .from('first_steps_dismissals')
      .insert({ workspace_id: other.id, user_id: owner.id })
    expect(forOwner.error).toMatchObject({ code: '42501' })
    expect(await factsOf(owner, other.id)).toMatchObject({ dismissed: false })
  })

  it('counts someone who joined as the team invited, and refuses outsiders', async () => {
    const owner = await createPerson(stack, 'opener')
    const ws = await createWorkspace(owner, 'Joined')
    const member = await createPerson(stack, 'member')
    await accept(member, (await invite(owner, ws.id)).token)
    expect(await factsOf(member, ws.id)).toMatchObject({
      invited: true,
      channel: false,
      may_invite: false,
    })
    const outsider = await createPerson(stack, 'outsider')
    await expect(factsOf(outsider, ws.id)).rejects.toMatchObject({
      code: '42501',
      details: 'not_workspace_member',
    })
  })
})
