// What a workspace export holds (issue 49, item 3), over real HTTP with supabase-js, pg_net and
// the exports Edge Function: by default public channels only (Slack's standard export);
// private channels, DMs and group DMs only when an owner sets the workspace's export_scope to
// 'all', which every member reads, hears of live and is told about (export_notice), and the audit
// log records; each export of everything is in the audit log; only owners change it; a person's
// own export holds their private channels and DMs whatever the setting.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { exportsKit } from './support/exports.ts'
import type { Zip } from './support/exports.ts'
import { ok, retentionKit } from './support/retention.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
let admin: Person
let member: Person
let outsider: Person
let ws: { id: string; general: string }
let secret: string
let dm: string
let group: string
const kit = retentionKit(() => stack)
const as = (token: string) =>
  stack.client(stack.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } } })
const ex = exportsKit(() => stack, as)

interface Notice {
  scope: string
  changed_at: string | null
  changed_by: string | null
  changed_by_name: string | null
  unseen: boolean
}
const noticeOf = async (person: Person) =>
  ok(await as(person.token).rpc('export_notice', { p_workspace_id: ws.id }).single<Notice>())
const scopeAs = async (person: Person) =>
  ok(
    await as(person.token)
      .from('workspaces')
      .select('export_scope')
      .eq('id', ws.id)
      .single<{ export_scope: string }>()
  ).export_scope
const textOf = (zip: Zip) => Object.values(zip).map((bytes) => Buffer.from(bytes).toString('utf8'))
const auditOf = (action: string) =>
  stack.sql<{ actor_id: string | null; actor_role: string; details: Record<string, unknown> }[]>`
    select actor_id, actor_role, details from public.audit_log
    where workspace_id = ${ws.id} and action = ${action} order by id`

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  ;[owner, admin, member, outsider] = (await Promise.all(
    ['Orla Owner', 'Adam Admin', 'Mona Member', 'Ole Outsider'].map((n) => createPerson(stack, n))
  )) as [Person, Person, Person, Person]
  ws = await kit.workspace('Scoped', owner, [admin, member])
  await stack.sql`
    update public.workspace_members set role = 'admin'
    where workspace_id = ${ws.id} and user_id = ${admin.id}`
  const made = async (rpc: string, args: Record<string, unknown>) =>
    ok(await as(owner.token).rpc(rpc, args).single<{ id: string }>()).id
  secret = await made('create_channel', {
    p_workspace_id: ws.id,
    p_name: 'secret',
    p_kind: 'private',
    p_member_ids: [member.id],
  })
  dm = await made('open_dm', { p_workspace_id: ws.id, p_user_ids: [member.id] })
  group = await made('open_dm', { p_workspace_id: ws.id, p_user_ids: [member.id, admin.id] })
  await ex.send(owner.token, ws.general, 'PUBLIC-WORDS for all')
  await ex.send(member.token, secret, 'PRIVATE-WORDS in secret')
  await ex.send(member.token, dm, 'DM-WORDS between two')
  await ex.send(member.token, group, 'GROUP-WORDS among three')
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

describe("a workspace's export scope", () => {
  it('by default holds public channels only: no private channel, DM or group DM', async () => {
    expect(await scopeAs(owner)).toBe('public')
    const row = await ex.exported(owner.token, ws.id, 'workspace')
    const zip = await ex.download(owner.token, row)
    expect(ex.jsonOf(zip, 'chorus.json')).toMatchObject({ kind: 'workspace', holds: 'public' })
    // #general and the #random every new workspace starts with
    const names = ex.jsonOf<{ id: string; name: string }[]>(zip, 'channels.json').map((c) => c.name)
    expect(names.sort()).toEqual(['general', 'random'])
    for (const name of ['groups.json', 'dms.json', 'mpims.json']) {
      expect(ex.jsonOf(zip, name), name).toEqual([])
    }
    const everything = textOf(zip)
    expect(everything.some((text) => text.includes('PUBLIC-WORDS'))).toBe(true)
    for (const marker of ['PRIVATE-WORDS', 'DM-WORDS', 'GROUP-WORDS', secret, dm, group]) {
      expect(
        everything.some((text) => text.includes(marker)),
        marker
      ).toBe(false)
    }
    expect((await auditOf('export.requested')).map((a) => a.details.scope)).toEqual(['public'])
  })

  it('is read by every member, and told to nobody while it was never changed', async () => {
    for (const person of [owner, admin, member]) expect(await scopeAs(person)).toBe('public')
    expect(await noticeOf(member)).toEqual({
      scope: 'public',
      changed_at: null,
      changed_by: null,
      changed_by_name: null,
      unseen: false,
    })
    const stranger = await as(outsider.token).rpc('export_notice', { p_workspace_id: ws.id })
    expect(ok(stranger)).toEqual([])
  })

  it('is changed by owners only, with clear refusals', async () => {
    for (const person of [admin, member]) {
      const refused = await as(person.token).rpc('set_export_scope', {
        p_workspace_id: ws.id,
        p_scope: 'all',
      })
      expect(refused.error).toMatchObject({
        code: '42501',
        message: 'Only an owner can choose what a workspace export holds.',
        details: 'workspace_owner_only',
      })
    }
    const stranger = await as(outsider.token).rpc('set_export_scope', {
      p_workspace_id: ws.id,
      p_scope: 'all',
    })
    expect(stranger.error).toMatchObject({
      code: '22023',
      message: 'Workspace not found.',
      details: 'workspace_not_found',
    })
    const bad = await as(owner.token).rpc('set_export_scope', {
      p_workspace_id: ws.id,
      p_scope: 'everything',
    })
    expect(bad.error).toMatchObject({
      code: '22023',
      message:
        'A workspace export holds public channels only, or everything: everything was asked for.',
      details: 'invalid_argument',
    })
    const anon = await stack
      .client()
      .rpc('set_export_scope', { p_workspace_id: ws.id, p_scope: 'all' })
    expect(anon.error?.code).toBe('42501')
    // Not through REST either, not even by an owner: no column grant lets anyone write it.
    const direct = await as(owner.token)
      .from('workspaces')
      .update({ export_scope: 'all' })
      .eq('id', ws.id)
    expect(direct.error?.code).toBe('42501')
    expect(await scopeAs(owner)).toBe('public')
    expect(await auditOf('workspace.export_scope_changed')).toEqual([])
  })

  it('changed by an owner: told live, audited, and every member is told until they dismiss it', async () => {
    // The app hears of it on the workspace's live topic (its workspace list, and with it the
    // notice, read again).
    const heard = new Inbox()
    const live = await joinPrivate(stack, member, liveTopic.workspace(ws.id), heard)
    expect(live.joined).toBe(true)
    const set = ok(
      await as(owner.token)
        .rpc('set_export_scope', { p_workspace_id: ws.id, p_scope: 'all' })
        .single<{ export_scope: string }>()
    )
    expect(set.export_scope).toBe('all')
    try {
      await heard.until(
        (h) => h.payload.table === 'workspaces' && recordOf(h).export_scope === 'all'
      )
    } finally {
      await leave(live)
    }
    expect(await auditOf('workspace.export_scope_changed')).toEqual([
      { actor_id: owner.id, actor_role: 'owner', details: { from: 'public', to: 'all' } },
    ])
    for (const person of [admin, member]) {
      expect(await scopeAs(person)).toBe('all')
      expect(await noticeOf(person)).toMatchObject({
        scope: 'all',
        changed_at: expect.any(String),
        changed_by: owner.id,
        changed_by_name: 'Orla Owner',
        unseen: true,
      })
    }
    // The owner who changed it knows; a member who dismissed the notice is not told again…
    expect((await noticeOf(owner)).unseen).toBe(false)
    ok(await as(member.token).rpc('dismiss_export_notice', { p_workspace_id: ws.id }))
    expect((await noticeOf(member)).unseen).toBe(false)
    expect((await noticeOf(admin)).unseen).toBe(true)
    const stranger = await as(outsider.token).rpc('dismiss_export_notice', {
      p_workspace_id: ws.id,
    })
    expect(stranger.error).toMatchObject({
      code: '22023',
      message: 'Workspace not found.',
      details: 'workspace_not_found',
    })
    // …until it changes again. Setting the same value again changes nothing.
    ok(await as(owner.token).rpc('set_export_scope', { p_workspace_id: ws.id, p_scope: 'all' }))
    expect(await auditOf('workspace.export_scope_changed')).toHaveLength(1)
    expect((await noticeOf(member)).unseen).toBe(false)
  })

  it('set to everything: the export holds private channels and DMs, and is in the audit log', async () => {
    const row = await ex.exported(owner.token, ws.id, 'workspace')
    const zip = await ex.download(owner.token, row)
    expect(ex.jsonOf(zip, 'chorus.json')).toMatchObject({ kind: 'workspace', holds: 'all' })
    const idsIn = (name: string) => ex.jsonOf<{ id: string }[]>(zip, name).map((c) => c.id)
    expect(idsIn('groups.json')).toEqual([secret])
    expect(idsIn('dms.json')).toEqual([dm])
    expect(idsIn('mpims.json')).toEqual([group])
    const everything = textOf(zip)
    for (const marker of ['PUBLIC-WORDS', 'PRIVATE-WORDS', 'DM-WORDS', 'GROUP-WORDS']) {
      expect(
        everything.some((text) => text.includes(marker)),
        marker
      ).toBe(true)
    }
    const requested = await auditOf('export.requested')
    expect(requested.map((a) => a.details)).toEqual([
      expect.objectContaining({ scope: 'public' }),
      { export_id: row.id, scope: 'all' },
    ])
    expect((await auditOf('export.done')).at(-1)).toMatchObject({
      actor_role: 'system',
      details: { export_id: row.id, scope: 'all' },
    })
  })

  it("a person's own export holds their private channels and DMs whatever the setting", async () => {
    ok(await as(owner.token).rpc('set_export_scope', { p_workspace_id: ws.id, p_scope: 'public' }))
    expect((await noticeOf(member)).unseen).toBe(true)
    const row = await ex.exported(member.token, ws.id, 'personal')
    const zip = await ex.download(member.token, row)
    expect(ex.jsonOf(zip, 'chorus.json')).toMatchObject({ kind: 'personal', holds: 'own' })
    const idsIn = (name: string) => ex.jsonOf<{ id: string }[]>(zip, name).map((c) => c.id)
    expect(idsIn('groups.json')).toEqual([secret])
    expect(idsIn('dms.json')).toEqual([dm])
    expect(idsIn('mpims.json')).toEqual([group])
    const everything = textOf(zip)
    for (const marker of ['PRIVATE-WORDS', 'DM-WORDS', 'GROUP-WORDS']) {
      expect(
        everything.some((text) => text.includes(marker)),
        marker
      ).toBe(true)
    }
  })
})
