// Workspaces, invites, roles, removal and leaving, and profiles, through the RPCs as the app
// calls them, including the refusals.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, createPerson, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let pool: Sql

interface Workspace {
  id: string
  name: string
  slug: string
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  pool = postgres(stack.dbUrl, { max: 4, onnotice: () => {} })
})

afterAll(async () => {
  await pool?.end({ timeout: 2 })
  await stack?.stop()
})

async function createWorkspace(
  owner: Person,
  name = 'Team',
  slug: string | null = null
): Promise<Workspace> {
  return asRole(stack.sql, owner, async (tx) => {
    const [w] = await tx<Workspace[]>`select * from public.create_workspace(${name}, ${slug})`
    return w!
  })
}

async function invite(by: Person, ws: string, options: { email?: string; role?: string } = {}) {
  return asRole(stack.sql, by, async (tx) => {
    const [i] = await tx<{ id: string; token: string; max_uses: number | null }[]>`
      select * from public.create_invite(${ws}, ${options.email ?? null}, ${options.role ?? 'member'})`
    return i!
  })
}

const accept = (person: Person, token: string) =>
  asRole(stack.sql, person, async (tx) => {
    const [w] = await tx<Workspace[]>`select * from public.accept_invite(${token})`
    return w!
  })

const roleOf = async (ws: string, person: Person) => {
  const [row] = await stack.sql<{ role: string; left_at: Date | null }[]>`
    select role, left_at from public.workspace_members where workspace_id = ${ws} and user_id = ${person.id}`
  return row
}

/** A workspace with an owner, an admin and two members. */
async function team() {
  const [owner, admin, member, member2] = await Promise.all(
    ['owner', 'admin', 'member', 'member2'].map((n) => createPerson(stack, n))
  )
  const ws = await createWorkspace(owner!, 'Team')
  const link = await invite(owner!, ws.id)
  for (const p of [admin!, member!, member2!]) await accept(p, link.token)
  await asRole(
    stack.sql,
    owner!,
    (tx) => tx`select public.set_member_role(${ws.id}, ${admin!.id}, 'admin')`
  )
  return { ws, owner: owner!, admin: admin!, member: member!, member2: member2! }
}

describe('create_workspace', () => {
  it('makes the caller owner, creates and joins #general, and derives the address from the name', async () => {
    const owner = await createPerson(stack, 'founder')
    const ws = await createWorkspace(owner, '  Acme   Corp! ')
    expect(ws.name).toBe('Acme Corp!')
    expect(ws.slug).toMatch(/^acme-corp(-[0-9a-f]{6})?$/)
    expect(await roleOf(ws.id, owner)).toEqual({ role: 'owner', left_at: null })
    const channels = await asRole(
      stack.sql,
      owner,
      (tx) => tx`
      select name, kind, is_default, unread_count from public.channel_list(${ws.id})`
    )
    expect(channels).toEqual([
      { name: 'general', kind: 'public', is_default: true, unread_count: '0' },
    ])
    const again = await createWorkspace(owner, 'Acme Corp!')
    expect(again.slug).not.toBe(ws.slug)
    expect(again.slug).toMatch(/^acme-corp-[0-9a-f]{6}$|^acme-corp$/)
  })

  it('refuses bad names and addresses with clear errors', async () => {
    const owner = await createPerson(stack, 'picky')
    await expect(createWorkspace(owner, '   ')).rejects.toMatchObject({
      code: '22023',
      message: 'Workspace name must not be empty.',
    })
    await expect(createWorkspace(owner, 'x'.repeat(81))).rejects.toMatchObject({
      message: 'Workspace name must be at most 80 characters.',
    })
    await expect(createWorkspace(owner, 'Evil\u202eCorp')).rejects.toMatchObject({
      message: 'Workspace name contains invisible formatting characters.',
    })
    await expect(createWorkspace(owner, 'Bell\u0007')).rejects.toMatchObject({
      message: 'Workspace name contains control characters.',
    })
    await expect(createWorkspace(owner, 'Fine', 'Not A Slug!')).rejects.toMatchObject({
      code: '22023',
    })
    const taken = await createWorkspace(owner, 'Unique', `u-${randomUUID().slice(0, 8)}`)
    await expect(createWorkspace(owner, 'Copy', taken.slug)).rejects.toMatchObject({
      code: '23505',
      message: 'That workspace address is taken.',
    })
    // Emoji and accents are fine.
    expect((await createWorkspace(owner, 'Café 🚀')).name).toBe('Café 🚀')
  })

  it('is for signed-in users only', async () => {
    await expect(
      asRole(stack.sql, null, (tx) => tx`select public.create_workspace('Anon Inc')`)
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe('invites', () => {
  it('lets owners and admins invite members and admins, never owners, and not members', async () => {
    const t = await team()
    expect((await invite(t.admin, t.ws.id, { role: 'admin' })).token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    await expect(invite(t.member, t.ws.id)).rejects.toMatchObject({
      code: '42501',
      message: 'Only owners and admins can invite people.',
    })
    await expect(invite(t.owner, t.ws.id, { role: 'owner' })).rejects.toMatchObject({
      code: '22023',
      message: 'Invites are for members or admins.',
    })
    await expect(invite(t.owner, t.ws.id, { email: 'not-an-email' })).rejects.toMatchObject({
      message: 'That is not a valid email address.',
    })
    await expect(
      asRole(
        stack.sql,
        t.owner,
        (tx) =>
          tx`select public.create_invite(${t.ws.id}, null, 'member', now() + interval '90 days')`
      )
    ).rejects.toMatchObject({
      message: 'An invite must expire between 5 minutes and 30 days from now.',
    })
  })

  it('never takes the token, author or use count from the client', async () => {
    const t = await team()
    const [row] = await asRole(
      stack.sql,
      t.admin,
      (tx) => tx<{ token: string; created_by: string; use_count: number }[]>`
      insert into public.invites (workspace_id, token, created_by, use_count)
      values (${t.ws.id}, 'chosen-token', ${t.admin.id}, 99) returning token, created_by, use_count`
    )
    expect(row!.token).not.toBe('chosen-token')
    expect(row!.use_count).toBe(0)
  })

  it('accepts a link once per person, joins the default channels, and previews it', async () => {
    const t = await team()
    const link = await invite(t.owner, t.ws.id)
    const newcomer = await createPerson(stack, 'newcomer')
    const preview = (person: Person | null) =>
      asRole(
        stack.sql,
        person,
        (tx) =>
          tx`select workspace_name, role, status, invited_by from public.invite_preview(${link.token})`
      )
    expect(await preview(null)).toEqual([
      { workspace_name: 'Team', role: 'member', status: 'valid', invited_by: 'owner' },
    ])
    expect((await accept(newcomer, link.token)).id).toBe(t.ws.id)
    expect(await accept(newcomer, link.token)).toMatchObject({ id: t.ws.id })
    expect(await preview(newcomer)).toMatchObject([{ status: 'already_member' }])
    const [uses] = await stack.sql`select use_count from public.invites where id = ${link.id}`
    expect(uses).toEqual({ use_count: 1 })
    const channels = await asRole(
      stack.sql,
      newcomer,
      (tx) => tx`select name from public.channel_list(${t.ws.id})`
    )
    expect(channels).toEqual([{ name: 'general' }])
    expect(
      await asRole(stack.sql, null, (tx) => tx`select * from public.invite_preview('nope')`)
    ).toEqual([])
  })

  it('refuses unknown, expired, used-up and revoked invites', async () => {
    const t = await team()
    const someone = await createPerson(stack, 'someone')
    await expect(accept(someone, 'no-such-token')).rejects.toMatchObject({
      code: '22023',
      message: 'This invite link is not valid.',
    })
    const expired = await invite(t.owner, t.ws.id)
    await stack.sql`update public.invites set expires_at = now() - interval '1 minute' where id = ${expired.id}`
    await expect(accept(someone, expired.token)).rejects.toMatchObject({
      message: 'This invite has expired.',
    })
    const once = await asRole(stack.sql, t.owner, async (tx) => {
      const [i] = await tx<
        { token: string }[]
      >`select token from public.create_invite(${t.ws.id}, null, 'member', null, 1)`
      return i!
    })
    await accept(await createPerson(stack, 'first'), once.token)
    await expect(accept(someone, once.token)).rejects.toMatchObject({
      message: 'This invite has already been used.',
    })
    const revoked = await invite(t.owner, t.ws.id)
    const deleted = await asRole(
      stack.sql,
      t.admin,
      (tx) => tx`delete from public.invites where id = ${revoked.id} returning id`
    )
    expect(deleted).toHaveLength(1)
    await expect(accept(someone, revoked.token)).rejects.toMatchObject({
      message: 'This invite link is not valid.',
    })
    expect(await roleOf(t.ws.id, someone)).toBeUndefined()
  })

  it('lets only the confirmed owner of the address accept an email invite, which they find in my_invites', async () => {
    const t = await team()
    const email = `Invitee-${randomUUID().slice(0, 6)}@Example.test`
    const byEmail = await invite(t.admin, t.ws.id, { email: ` ${email} ` })
    expect(byEmail.max_uses).toBe(1)
    const stranger = await createPerson(stack, 'stranger')
    await expect(accept(stranger, byEmail.token)).rejects.toMatchObject({
      code: '42501',
      message: 'This invite was sent to another email address.',
    })
    const invitee = await createPerson(stack, 'invitee', email.toLowerCase())
    await stack.sql`update auth.users set email_confirmed_at = null where id = ${invitee.id}`
    await expect(accept(invitee, byEmail.token)).rejects.toMatchObject({ code: '42501' })
    const listed = (p: Person) =>
      asRole(stack.sql, p, (tx) => tx`select token, workspace_name from public.my_invites()`)
    expect(await listed(invitee)).toEqual([])
    await stack.sql`update auth.users set email_confirmed_at = now() where id = ${invitee.id}`
    expect(await listed(invitee)).toEqual([{ token: byEmail.token, workspace_name: 'Team' }])
    expect(await listed(stranger)).toEqual([])
    await accept(invitee, byEmail.token)
    expect(await roleOf(t.ws.id, invitee)).toEqual({ role: 'member', left_at: null })
    expect(await listed(invitee)).toEqual([])
  })
})

describe('roles', () => {
  const setRole = (by: Person, ws: string, who: Person, role: string) =>
    asRole(
      stack.sql,
      by,
      (tx) => tx`select role from public.set_member_role(${ws}, ${who.id}, ${role})`
    )

  it('lets admins switch people between member and admin, and only owners touch owners', async () => {
    const t = await team()
    await expect(setRole(t.member, t.ws.id, t.member2, 'admin')).rejects.toMatchObject({
      code: '42501',
      message: 'Only owners and admins can change roles.',
    })
    expect(await setRole(t.admin, t.ws.id, t.member, 'admin')).toEqual([{ role: 'admin' }])
    expect(await setRole(t.admin, t.ws.id, t.member, 'member')).toEqual([{ role: 'member' }])
    await expect(setRole(t.admin, t.ws.id, t.member, 'owner')).rejects.toMatchObject({
      code: '42501',
    })
    await expect(setRole(t.admin, t.ws.id, t.owner, 'member')).rejects.toMatchObject({
      code: '42501',
    })
    expect(await setRole(t.owner, t.ws.id, t.admin, 'owner')).toEqual([{ role: 'owner' }])
    await expect(setRole(t.owner, t.ws.id, randomUUIDPerson(), 'admin')).rejects.toMatchObject({
      message: 'That person is not a member of this workspace.',
    })
  })

  it('always keeps an owner', async () => {
    const t = await team()
    await expect(setRole(t.owner, t.ws.id, t.owner, 'admin')).rejects.toMatchObject({
      code: '23514',
      message: 'A workspace needs at least one owner.',
    })
    await expect(
      asRole(stack.sql, t.owner, (tx) => tx`select public.leave_workspace(${t.ws.id})`)
    ).rejects.toMatchObject({ message: 'You are the last owner of this workspace.' })
    // Even a direct write as the database owner cannot leave a workspace without owners.
    await expect(
      stack.sql`update public.workspace_members set role = 'member' where workspace_id = ${t.ws.id} and user_id = ${t.owner.id}`
    ).rejects.toMatchObject({ code: '23514' })
    await setRole(t.owner, t.ws.id, t.admin, 'owner')
    expect(await setRole(t.owner, t.ws.id, t.owner, 'member')).toEqual([{ role: 'member' }])
  })

  it('lets exactly one of two owners demote the other when they try at the same time', async () => {
    const t = await team()
    await setRole(t.owner, t.ws.id, t.admin, 'owner')
    const results = await Promise.allSettled([
      asRole(
        pool,
        t.owner,
        (tx) => tx`select public.set_member_role(${t.ws.id}, ${t.admin.id}, 'member')`
      ),
      asRole(
        pool,
        t.admin,
        (tx) => tx`select public.set_member_role(${t.ws.id}, ${t.owner.id}, 'member')`
      ),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const owners =
      await stack.sql`select 1 from public.workspace_members where workspace_id = ${t.ws.id} and role = 'owner'`
    expect(owners).toHaveLength(1)
  })

  it('hands a workspace to the longest-standing admin when its last owner deletes their account', async () => {
    const t = await team()
    await stack.sql`delete from auth.users where id = ${t.owner.id}`
    expect(await roleOf(t.ws.id, t.admin)).toEqual({ role: 'owner', left_at: null })
  })
})

describe('removing and leaving', () => {
  const remove = (by: Person, ws: string, who: Person) =>
    asRole(stack.sql, by, (tx) => tx`select public.remove_member(${ws}, ${who.id})`)

  it('removes a member from every channel; their old messages keep their name', async () => {
    const t = await team()
    const [general] = await stack.sql<
      { id: string }[]
    >`select id from public.channels where workspace_id = ${t.ws.id} and is_default`
    const message = await makeMessage(stack.sql, t.member, general!.id, 'before I go')
    await expect(remove(t.member2, t.ws.id, t.member)).rejects.toMatchObject({
      message: 'Only owners and admins can remove people.',
    })
    await remove(t.admin, t.ws.id, t.member)
    expect((await roleOf(t.ws.id, t.member))?.left_at).not.toBeNull()
    expect(
      await stack.sql`select 1 from public.channel_members where user_id = ${t.member.id}`
    ).toHaveLength(0)
    const asMember = await asRole(stack.sql, t.member, async (tx) => ({
      messages: await tx`select id from public.messages where id = ${message}`,
      workspaces: await tx`select id from public.workspaces where id = ${t.ws.id}`,
      ownRow: await tx`select left_at from public.workspace_members where user_id = ${t.member.id}`,
    }))
    expect(asMember.messages).toEqual([])
    expect(asMember.workspaces).toEqual([])
    expect(asMember.ownRow).toHaveLength(1)
    const seenByOwner = await asRole(
      stack.sql,
      t.owner,
      (tx) => tx`
      select display_name from public.profiles where id = ${t.member.id}`
    )
    expect(seenByOwner).toEqual([{ display_name: 'member' }])
    const roster = await asRole(
      stack.sql,
      t.owner,
      (tx) => tx<{ user_id: string }[]>`
      select user_id from public.workspace_roster(${t.ws.id})`
    )
    expect(roster.map((r) => r.user_id)).not.toContain(t.member.id)
  })

  it('lets admins remove members only, and owners anyone but the last owner; a removed person can come back', async () => {
    const t = await team()
    await expect(remove(t.admin, t.ws.id, t.owner)).rejects.toMatchObject({ code: '42501' })
    await remove(t.owner, t.ws.id, t.admin)
    await expect(remove(t.owner, t.ws.id, t.admin)).rejects.toMatchObject({
      message: 'That person is not a member of this workspace.',
    })
    const link = await invite(t.owner, t.ws.id, { role: 'admin' })
    await accept(t.admin, link.token)
    expect(await roleOf(t.ws.id, t.admin)).toEqual({ role: 'admin', left_at: null })
  })

  it('lets members leave', async () => {
    const t = await team()
    await asRole(stack.sql, t.member2, (tx) => tx`select public.leave_workspace(${t.ws.id})`)
    const mine = await asRole(
      stack.sql,
      t.member2,
      (tx) => tx`select id from public.my_workspaces()`
    )
    expect(mine).toEqual([])
  })
})

describe('profiles', () => {
  it('are made at sign-up with a clean name, falling back to the email', async () => {
    const odd = await createPerson(stack, '  Zoë \n  Q. ')
    const bad = await createPerson(stack, 'bad\u0007', 'fallback.name@example.test')
    const name = async (p: Person) =>
      (
        await stack.sql<
          { display_name: string }[]
        >`select display_name from public.profiles where id = ${p.id}`
      )[0]?.display_name
    expect(await name(odd)).toBe('Zoë Q.')
    expect(await name(bad)).toBe('fallback.name')
  })

  it('take the name given at sign-up, else the email, and never fail', async () => {
    const nameFor = async (meta: Record<string, unknown>, email: string | null) => {
      const [row] = await stack.sql<{ name: string }[]>`
        select private.display_name_for(${stack.sql.json(meta as never)}, ${email}) as name`
      return row!.name
    }
    expect(await nameFor({ display_name: ' Ada  Lovelace ' }, 'a@x.test')).toBe('Ada Lovelace')
    expect(await nameFor({ full_name: 'Grace Hopper' }, 'g@x.test')).toBe('Grace Hopper')
    expect(await nameFor({ name: 'Linus' }, 'l@x.test')).toBe('Linus')
    expect(await nameFor({ display_name: '\u202e' }, 'rtl.user@x.test')).toBe('rtl.user')
    expect(await nameFor({}, `${'x'.repeat(100)}@x.test`)).toBe('x'.repeat(64))
    expect(await nameFor({ display_name: '\u0007' }, null)).toBe('New user')
  })

  it('are edited by their owner only, with clean names and avatars in their own folder', async () => {
    const t = await team()
    const update = (by: Person, changes: Record<string, string>) =>
      asRole(
        stack.sql,
        by,
        (tx) =>
          tx`update public.profiles set ${tx(changes)} where id = ${t.member.id} returning display_name, avatar_path`
      )
    expect(
      await update(t.member, { display_name: ' Mem\tBer ', avatar_path: `${t.member.id}/me.png` })
    ).toEqual([{ display_name: 'Mem Ber', avatar_path: `${t.member.id}/me.png` }])
    expect(await update(t.owner, { display_name: 'Hacked' })).toEqual([])
    await expect(update(t.member, { avatar_path: `${t.owner.id}/me.png` })).rejects.toMatchObject({
      code: '22023',
      message: 'Avatar must be a file in your own folder of the avatars bucket.',
    })
    await expect(update(t.member, { display_name: '\u200b' })).rejects.toMatchObject({
      code: '22023',
    })
  })
})

function randomUUIDPerson(): Person {
  return { id: randomUUID(), email: 'nobody@example.test', token: '' }
}
