// Workspaces and invites through the RPCs as the app calls them, including the refusals. Roles,
// removal, leaving and profiles: workspaces-members.test.ts.
import { randomUUID } from 'node:crypto'
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
const { createWorkspace, invite, accept, roleOf, team } = workspaceKit(() => stack)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

describe('create_workspace', () => {
  it('makes the caller owner, creates and joins #general and #random, and derives the address from the name', async () => {
    const owner = await createPerson(stack, 'founder')
    const ws = await createWorkspace(owner, '  Acme   Corp! ')
    expect(ws.name).toBe('Acme Corp!')
    expect(ws.slug).toMatch(/^acme-corp(-[0-9a-f]{6})?$/)
    expect(await roleOf(ws.id, owner)).toEqual({ role: 'owner', left_at: null })
    const channels = await asRole(
      stack.sql,
      owner,
      (tx) => tx`
      select name, kind, is_default, unread_count from public.channel_list(${ws.id}) order by name`
    )
    expect(channels).toEqual([
      { name: 'general', kind: 'public', is_default: true, unread_count: '0' },
      { name: 'random', kind: 'public', is_default: false, unread_count: '0' },
    ])
    // #general is everyone's for good; #random everyone joins, and may leave.
    const [made] = await stack.sql<{ name: string; auto_join: boolean }[]>`
      select string_agg(name || ':' || is_default || ':' || auto_join, ' ' order by name) as name
      from public.channels where workspace_id = ${ws.id}`
    expect(made!.name).toBe('general:true:false random:false:true')
    const again = await createWorkspace(owner, 'Acme Corp!')
    expect(again.slug).not.toBe(ws.slug)
    expect(again.slug).toMatch(/^acme-corp-[0-9a-f]{6}$|^acme-corp$/)
  })

  it('refuses bad names and addresses with clear errors', async () => {
    const owner = await createPerson(stack, 'picky')
    await expect(createWorkspace(owner, '   ')).rejects.toMatchObject({
      code: '22023',
      message: 'Workspace name must not be empty.',
      detail: 'text_empty',
    })
    await expect(createWorkspace(owner, 'x'.repeat(81))).rejects.toMatchObject({
      code: '22023',
      message: 'Workspace name must be at most 80 characters; it has 81.',
      detail: 'text_too_long',
    })
    await expect(createWorkspace(owner, 'Evil\u202eCorp')).rejects.toMatchObject({
      code: '22023',
      message: 'Workspace name contains invisible formatting characters.',
      detail: 'text_has_invisible_characters',
    })
    await expect(createWorkspace(owner, 'Bell\u0007')).rejects.toMatchObject({
      code: '22023',
      message: 'Workspace name contains control characters.',
      detail: 'text_has_control_characters',
    })
    await expect(createWorkspace(owner, 'Fine', 'Not A Slug!')).rejects.toMatchObject({
      code: '22023',
      detail: 'workspace_address_invalid',
    })
    const taken = await createWorkspace(owner, 'Unique', `u-${randomUUID().slice(0, 8)}`)
    await expect(createWorkspace(owner, 'Copy', taken.slug)).rejects.toMatchObject({
      code: '23505',
      message: 'That workspace address is taken.',
      detail: 'workspace_address_taken',
    })
    // Emoji and accents are fine.
    expect((await createWorkspace(owner, 'Café 🚀')).name).toBe('Café 🚀')
  })

  it('gives #general and #random their topics in the language the app passes, else its creator’s', async () => {
    const owner = await createPerson(stack, 'polyglot')
    const db = clientFor(stack, owner)
    const topicOf = async (language?: string) => {
      const args =
        language === undefined ? { p_name: 'Topics' } : { p_name: 'Topics', p_language: language }
      const made = await db.rpc('create_workspace', args).single<{ id: string }>()
      expect(made.error).toBeNull()
      const [topics] = await stack.sql<{ topics: string }[]>`
        select string_agg(topic, ' / ' order by name) as topics from public.channels
        where workspace_id = ${made.data!.id}`
      return topics!.topics
    }
    expect(await topicOf('en')).toBe(
      'Everyone in the workspace / Non-work banter and water cooler conversation'
    )
    expect(await topicOf('de')).toBe(
      'Alle im Workspace / Plaudereien, Links und alles, was nicht Arbeit ist'
    )
    expect(await topicOf('ja')).toBe('ワークスペースの全員 / 雑談、リンク、仕事以外の話題')
    expect(await topicOf('ar')).toBe('كل من في مساحة العمل / دردشة وروابط وكل ما ليس عن العمل')
    // No language passed (SQL, an older app): the profile's; one Chorus does not speak: English.
    expect(await topicOf()).toBe(
      'Everyone in the workspace / Non-work banter and water cooler conversation'
    )
    await stack.sql`update public.profiles set language = 'ja' where id = ${owner.id}`
    expect(await topicOf()).toBe('ワークスペースの全員 / 雑談、リンク、仕事以外の話題')
    expect(await topicOf('fr')).toBe('ワークスペースの全員 / 雑談、リンク、仕事以外の話題')
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
      detail: 'workspace_admin_only',
    })
    await expect(invite(t.owner, t.ws.id, { role: 'owner' })).rejects.toMatchObject({
      code: '22023',
      message: 'Invites are for members, admins or guests.',
      detail: 'invite_role_invalid',
    })
    await expect(invite(t.owner, t.ws.id, { email: 'not-an-email' })).rejects.toMatchObject({
      code: '22023',
      message: 'That is not a valid email address.',
      detail: 'email_invalid',
    })
    await expect(
      asRole(
        stack.sql,
        t.owner,
        (tx) =>
          tx`select public.create_invite(${t.ws.id}, null, 'member', now() + interval '90 days')`
      )
    ).rejects.toMatchObject({
      code: '22023',
      message: 'An invite must expire between 5 minutes and 30 days from now.',
      detail: 'invite_expiry_invalid',
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
      (tx) => tx`select name from public.channel_list(${t.ws.id}) order by name`
    )
    expect(channels).toEqual([{ name: 'general' }, { name: 'random' }])
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
      detail: 'invite_not_found',
    })
    const expired = await invite(t.owner, t.ws.id)
    await stack.sql`update public.invites set expires_at = now() - interval '1 minute' where id = ${expired.id}`
    await expect(accept(someone, expired.token)).rejects.toMatchObject({
      code: '22023',
      message: 'This invite has expired.',
      detail: 'invite_expired',
    })
    const once = await asRole(stack.sql, t.owner, async (tx) => {
      const [i] = await tx<
        { token: string }[]
      >`select token from public.create_invite(${t.ws.id}, null, 'member', null, 1)`
      return i!
    })
    await accept(await createPerson(stack, 'first'), once.token)
    await expect(accept(someone, once.token)).rejects.toMatchObject({
      code: '22023',
      message: 'This invite has already been used.',
      detail: 'invite_expired',
    })
    const revoked = await invite(t.owner, t.ws.id)
    const deleted = await asRole(
      stack.sql,
      t.admin,
      (tx) => tx`delete from public.invites where id = ${revoked.id} returning id`
    )
    expect(deleted).toHaveLength(1)
    await expect(accept(someone, revoked.token)).rejects.toMatchObject({
      code: '22023',
      message: 'This invite link is not valid.',
      detail: 'invite_not_found',
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
      message: `This invite was sent to another email address: it is for ${email.toLowerCase()}.`,
      detail: 'invite_email_mismatch',
    })
    const invitee = await createPerson(stack, 'invitee', email.toLowerCase())
    await stack.sql`update auth.users set email_confirmed_at = null where id = ${invitee.id}`
    await expect(accept(invitee, byEmail.token)).rejects.toMatchObject({
      code: '42501',
      detail: 'invite_email_mismatch',
    })
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
