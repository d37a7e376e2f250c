// Suspension and removal from a workspace over real HTTP with supabase-js (issue 35, part 4): a
// suspended member reads and writes nothing of the workspace by REST, Storage or Realtime, at once
// (an open channel is closed), and is told why; unsuspending gives everything back as it was; who
// may suspend whom; a person removed from the workspace stays named on their messages; each action
// in the audit log.
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { auditActions as auditOf, readMessage as readAs } from './support/moderation.ts'
import { joinPrivate, leave, liveTopic } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import { asUser, attachmentPath, buildWorld, createPerson, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let owner: Person, admin: Person, member: Person, member2: Person, outsider: Person

const as = (person: Person): SupabaseClient => clientFor(stack, person)
const auditActions = (target: string) => auditOf(stack.sql, world.ws, target)
const readMessage = (person: Person, id: string) => readAs(as(person), id)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  ;({ owner, admin, member, member2, outsider } = world.people)
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

describe('suspension', () => {
  it('an admin suspends a member: REST, Storage and Realtime refused at once; unsuspend restores all', async () => {
    await makeMessage(stack.sql, member2, world.ch.general, 'before the suspension')
    const before = await as(member)
      .from('channel_members')
      .select('channel_id, last_read_seq')
      .order('channel_id')
    expect(before.data!.length).toBeGreaterThan(2)
    const { path: filePath } = {
      path: await attachmentPath(stack.sql, world.ch.general, crypto.randomUUID()),
    }
    const live = await joinPrivate(stack, member, liveTopic.channel(world.ch.general))
    expect(live.joined).toBe(true)
    const closed = new Promise<void>((resolve) => {
      live.channel.on('system', {}, (m: { status?: string }) => m.status === 'error' && resolve())
    })
    try {
      const refused = await as(member2).rpc('suspend_member', {
        p_workspace_id: world.ws,
        p_user_id: member.id,
      })
      expect(refused.status).toBe(403)
      expect(refused.error?.message).toBe('Only owners and admins can suspend people.')
      expect(
        (await as(admin).rpc('suspend_member', { p_workspace_id: world.ws, p_user_id: member.id }))
          .error
      ).toBeNull()
      await closed
    } finally {
      await leave(live)
    }
    const channels = await as(member).from('channels').select('id').eq('workspace_id', world.ws)
    expect(channels.data).toEqual([])
    const messages = await as(member)
      .from('messages')
      .select('id')
      .eq('channel_id', world.ch.general)
    expect(messages.data).toEqual([])
    const post = await as(member).rpc('send_message', {
      p_id: crypto.randomUUID(),
      p_channel_id: world.ch.general,
      p_body: 'still here?',
    })
    expect(post.error).not.toBeNull()
    expect(post.status).toBeLessThan(500)
    const upload = await as(member)
      .storage.from('attachments')
      .upload(filePath, new Blob(['x']))
    expect(upload.error).not.toBeNull()
    const rejoin = await joinPrivate(stack, member, liveTopic.channel(world.ch.general))
    expect(rejoin.joined).toBe(false)
    // they can tell why: their own membership row, and the workspace's name
    const suspended = await as(member).rpc('suspended_workspaces')
    expect(suspended.data).toEqual([
      { id: world.ws, name: 'Matrix W', suspended_at: expect.any(String) },
    ])
    // …and no second factor would open it: two-factor sign-in is not what keeps it closed
    expect((await as(member).rpc('mfa_blocked_workspaces')).data).toEqual([])
    // the rest of the workspace sees them still as a member
    const roster = await as(member2)
      .from('workspace_members')
      .select('user_id, suspended_at')
      .eq('user_id', member.id)
      .single()
    expect(roster.data?.suspended_at).not.toBeNull()

    expect(
      (await as(admin).rpc('unsuspend_member', { p_workspace_id: world.ws, p_user_id: member.id }))
        .error
    ).toBeNull()
    const after = await as(member)
      .from('channel_members')
      .select('channel_id, last_read_seq')
      .order('channel_id')
    expect(after.data).toEqual(before.data)
    expect(
      (await as(member).from('messages').select('id').eq('channel_id', world.ch.general)).data!
        .length
    ).toBeGreaterThan(0)
    expect((await as(member).rpc('suspended_workspaces')).data).toEqual([])
    expect(await auditActions(member.id)).toEqual(
      expect.arrayContaining(['member.suspended', 'member.unsuspended'])
    )
  })

  it('emails nothing of the workspace to a suspended person, nor a removed message to anyone', async () => {
    const wanted = async (message: string) => {
      const [row] = await stack.sql<{ n: number }[]>`
        select count(*)::int as n from private.wanted_emails(array(
          select q.id from private.email_queue q where q.message_id = ${message}), false)`
      return row!.n
    }
    const dm = await makeMessage(stack.sql, owner, world.ch.dm, 'a word in private')
    const queued = await stack.sql`select 1 from private.email_queue where message_id = ${dm}`
    expect(queued.length).toBe(1)
    expect(await wanted(dm)).toBe(1)
    await asUser(
      stack.sql,
      owner,
      (tx) => tx`select public.suspend_member(${world.ws}, ${member.id})`
    )
    expect(await wanted(dm)).toBe(0)
    await asUser(
      stack.sql,
      owner,
      (tx) => tx`select public.unsuspend_member(${world.ws}, ${member.id})`
    )
    expect(await wanted(dm)).toBe(1)
    await asUser(stack.sql, owner, (tx) => tx`select public.remove_message(${dm})`)
    expect(await wanted(dm)).toBe(0)
  })

  it('owners cannot be suspended, admins only by owners, nobody suspends themself', async () => {
    const cases: [Person, Person, number, string][] = [
      [admin, owner, 403, 'Owners cannot be suspended.'],
      [owner, owner, 400, 'You cannot suspend yourself.'],
      [member, member2, 403, 'Only owners and admins can suspend people.'],
      [outsider, member, 403, 'Only owners and admins can suspend people.'],
      [admin, outsider, 400, 'That person is not a member of this workspace.'],
    ]
    for (const [actor, target, status, text] of cases) {
      const result = await as(actor).rpc('suspend_member', {
        p_workspace_id: world.ws,
        p_user_id: target.id,
      })
      expect(result.status).toBe(status)
      expect(result.error?.message).toBe(text)
    }
    const bad = await as(admin).rpc('suspend_member', { p_workspace_id: world.ws, p_user_id: 'x' })
    expect(bad.status).toBe(400)
    // an owner suspends an admin, and unsuspends them
    expect(
      (await as(owner).rpc('suspend_member', { p_workspace_id: world.ws, p_user_id: admin.id }))
        .error
    ).toBeNull()
    expect((await as(admin).rpc('open_reports', { p_workspace_id: world.ws })).status).toBe(403)
    expect(
      (await as(owner).rpc('unsuspend_member', { p_workspace_id: world.ws, p_user_id: admin.id }))
        .error
    ).toBeNull()
    expect((await as(admin).rpc('open_reports', { p_workspace_id: world.ws })).error).toBeNull()
  })

  it('removing a person from the workspace keeps their messages attributed to them, name included', async () => {
    const gone = await createPerson(stack, 'Gina Gone')
    const [link] = await asUser(
      stack.sql,
      owner,
      (tx) => tx<{ token: string }[]>`select token from public.create_invite(${world.ws})`
    )
    await asUser(stack.sql, gone, (tx) => tx`select public.accept_invite(${link!.token})`)
    const message = await makeMessage(stack.sql, gone, world.ch.general, 'my last words')
    expect(
      (await as(admin).rpc('remove_member', { p_workspace_id: world.ws, p_user_id: gone.id })).error
    ).toBeNull()
    const seen = await readMessage(member2, message)
    expect(seen).toMatchObject({ body: 'my last words', author_id: gone.id })
    const profile = await as(member2)
      .from('profiles')
      .select('id, display_name')
      .eq('id', gone.id)
      .single()
    expect(profile.data).toEqual({ id: gone.id, display_name: 'Gina Gone' })
    expect(await auditActions(gone.id)).toContain('member.removed')
  })
})
