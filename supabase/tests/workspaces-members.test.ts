// Roles, removing and leaving, and profiles through the RPCs as the app calls them, including
// the refusals. Workspaces and invites: workspaces.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, createPerson, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'
import { workspaceKit } from './support/workspaces.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
const { invite, accept, roleOf, team } = workspaceKit(() => stack)
let pool: Sql

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  pool = postgres(stack.dbUrl, { max: 4, onnotice: () => {} })
})

afterAll(async () => {
  await pool?.end({ timeout: 2 })
  await stack?.stop()
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
      detail: 'workspace_admin_only',
    })
    expect(await setRole(t.admin, t.ws.id, t.member, 'admin')).toEqual([{ role: 'admin' }])
    expect(await setRole(t.admin, t.ws.id, t.member, 'member')).toEqual([{ role: 'member' }])
    await expect(setRole(t.admin, t.ws.id, t.member, 'owner')).rejects.toMatchObject({
      code: '42501',
      detail: 'workspace_owner_only',
    })
    await expect(setRole(t.admin, t.ws.id, t.owner, 'member')).rejects.toMatchObject({
      code: '42501',
      detail: 'workspace_owner_only',
    })
    expect(await setRole(t.owner, t.ws.id, t.admin, 'owner')).toEqual([{ role: 'owner' }])
    await expect(setRole(t.owner, t.ws.id, randomUUIDPerson(), 'admin')).rejects.toMatchObject({
      code: '22023',
      message: 'That person is not a member of this workspace.',
      detail: 'person_not_in_workspace',
    })
  })

  it('always keeps an owner', async () => {
    const t = await team()
    await expect(setRole(t.owner, t.ws.id, t.owner, 'admin')).rejects.toMatchObject({
      code: '23514',
      message: 'A workspace needs at least one owner.',
      detail: 'last_workspace_owner',
    })
    await expect(
      asRole(stack.sql, t.owner, (tx) => tx`select public.leave_workspace(${t.ws.id})`)
    ).rejects.toMatchObject({
      code: '23514',
      message: 'You are the last owner of this workspace.',
      detail: 'last_workspace_owner',
    })
    // Even a direct write as the database owner cannot leave a workspace without owners.
    await expect(
      stack.sql`update public.workspace_members set role = 'member' where workspace_id = ${t.ws.id} and user_id = ${t.owner.id}`
    ).rejects.toMatchObject({ code: '23514', detail: 'last_workspace_owner' })
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
      code: '42501',
      message: 'Only owners and admins can remove people.',
      detail: 'workspace_admin_only',
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
    await expect(remove(t.admin, t.ws.id, t.owner)).rejects.toMatchObject({
      code: '42501',
      detail: 'workspace_owner_only',
    })
    await remove(t.owner, t.ws.id, t.admin)
    await expect(remove(t.owner, t.ws.id, t.admin)).rejects.toMatchObject({
      code: '22023',
      message: 'That person is not a member of this workspace.',
      detail: 'person_not_in_workspace',
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
      message: `Avatar must be a file in your own folder of the avatars bucket: a path starting with ${t.member.id}/.`,
      detail: 'avatar_path_invalid',
    })
    await expect(update(t.member, { display_name: '\u200b' })).rejects.toMatchObject({
      code: '22023',
      detail: 'text_has_invisible_characters',
    })
  })
})

function randomUUIDPerson(): Person {
  return { id: randomUUID(), email: 'nobody@example.test', token: '' }
}
