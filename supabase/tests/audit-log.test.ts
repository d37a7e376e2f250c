// The audit log over real HTTP with supabase-js: administrative actions done through the app's
// RPCs are recorded with who (id, name, role), what (action, target, what changed), when and from
// where (the address the gateway saw, the user agent); read by the workspace's owners only,
// filtered and exported as CSV as PostgREST does; never changed or deleted through any API, the
// owner's and the service role's included. The set-up is support/audit-log.ts's.
import { describe, expect, it } from 'vitest'
import {
  AGENT,
  channelLifecycle,
  integrationLifecycles,
  ok,
  useAuditStack,
} from './support/audit-log.ts'
import { asRole, createPerson } from './support/world.ts'

const t = useAuditStack()

describe('what is recorded', () => {
  it('records the workspace, the invitation, the joins and the role change with who, when and from where', async () => {
    const log = await t.entries()
    const actions = log.map((e) => e.action)
    expect(actions).toEqual([
      'workspace.created',
      'member.joined',
      'channel.created',
      'channel.created',
      'invite.created',
      'member.joined',
      'member.joined',
      'member.role_changed',
    ])
    const role = log.find((e) => e.action === 'member.role_changed')!
    expect(role).toMatchObject({
      actor_id: t.owner.id,
      actor_name: 'Olga Owner',
      actor_role: 'owner',
      target_type: 'person',
      target_id: t.admin.id,
      target_label: 'Adam Admin',
      details: { from: 'member', to: 'admin' },
      ip: '127.0.0.1',
      user_agent: AGENT,
    })
    expect(Date.now() - new Date(role.occurred_at).getTime()).toBeLessThan(120_000)
    expect(log[0]).toMatchObject({ actor_role: 'owner', target_label: 'Audited' })
    const invite = log.find((e) => e.action === 'invite.created')!
    expect(invite.details).toMatchObject({ role: 'member', email: null })
  })

  it('records channels made, renamed, archived, a person removed from one, and the two-factor rule', async () => {
    const channel = await channelLifecycle(t)
    ok(
      await t.as(t.owner).rpc('set_workspace_require_mfa', {
        p_workspace_id: t.workspaceId,
        p_required: false,
      })
    )
    const byAction = new Map((await t.entries()).map((e) => [e.action, e]))
    expect(byAction.get('channel.created')).toMatchObject({
      actor_id: t.admin.id,
      actor_role: 'admin',
      target_label: 'ops',
      details: { kind: 'public' },
    })
    expect(byAction.get('channel.renamed')?.details).toEqual({ from: 'ops', to: 'operations' })
    expect(byAction.get('channel.member_removed')).toMatchObject({
      target_id: t.member.id,
      target_label: 'Mia Member',
      details: { channel_id: channel.id, channel: 'operations' },
    })
    expect(byAction.has('channel.archived')).toBe(true)
    expect(byAction.has('channel.unarchived')).toBe(true)
    // The requirement did not change (it was off): nothing is recorded for a no-op.
    expect(byAction.has('workspace.mfa_not_required')).toBe(false)
  })

  it('records a webhook made, regenerated and revoked, and a person removed', async () => {
    const general = ok(
      await t
        .as(t.owner)
        .from('channels')
        .select('id')
        .eq('workspace_id', t.workspaceId)
        .eq('is_default', true)
        .single<{ id: string }>()
    )
    const hook = ok(
      await t
        .as(t.admin)
        .rpc('create_incoming_webhook', { p_channel_id: general.id, p_name: 'CI' })
        .single<{ id: string }>()
    )
    ok(await t.as(t.admin).rpc('regenerate_incoming_webhook', { p_id: hook.id }))
    ok(await t.as(t.admin).rpc('revoke_incoming_webhook', { p_id: hook.id }))
    ok(
      await t
        .as(t.owner)
        .rpc('remove_member', { p_workspace_id: t.workspaceId, p_user_id: t.member.id })
    )
    const log = await t.entries()
    const hooks = log.filter((e) => e.target_id === hook.id)
    expect(hooks.map((e) => e.action)).toEqual([
      'webhook.created',
      'webhook.regenerated',
      'webhook.revoked',
    ])
    expect(hooks[0]).toMatchObject({
      actor_id: t.admin.id,
      target_label: 'CI',
      details: { channel: 'general' },
    })
    expect(log.at(-1)).toMatchObject({
      action: 'member.removed',
      actor_id: t.owner.id,
      target_id: t.member.id,
      target_label: 'Mia Member',
    })
  })

  it('records bots, slash commands and event subscriptions made, changed and revoked', async () => {
    const { bot, command, subscription } = await integrationLifecycles(t)
    const log = await t.entries()
    const about = (id: string) => log.filter((e) => e.target_id === id).map((e) => e.action)
    // A bot is a member of the workspace (an account of its own): its joining is recorded too.
    expect(about(bot.id)).toEqual([
      'member.joined',
      'bot.created',
      'bot.token_regenerated',
      'bot.revoked',
    ])
    expect(about(command.id)).toEqual(['command.created', 'command.changed', 'command.revoked'])
    expect(about(subscription.id)).toEqual([
      'events.subscribed',
      'events.paused',
      'events.secret_rotated',
      'events.deleted',
    ])
    expect(log.find((e) => e.action === 'command.changed')?.details).toEqual({
      from: 'https://ci.example.com/deploy',
      to: 'https://ci.example.com/v2/deploy',
    })
    expect(log.find((e) => e.action === 'events.paused')).toMatchObject({
      actor_id: t.admin.id,
      details: { reason: 'admin' },
    })
  })

  it('takes the client address the gateway saw, not one the client claims', async () => {
    const channel = ok(
      await t
        .as(t.owner, { 'X-Real-IP': '203.0.113.9', 'X-Forwarded-For': '198.51.100.7' })
        .rpc('create_channel', {
          p_workspace_id: t.workspaceId,
          p_name: 'spoofed',
          p_kind: 'private',
        })
        .single<{ id: string }>()
    )
    const made = (await t.entries()).find((e) => e.target_id === channel.id)!
    expect(made.ip).toBe('127.0.0.1')
    expect(made.details).toEqual({ kind: 'private' })
  })

  it('behind a gateway that sets no X-Real-IP, takes the address the nearest proxy appended', async () => {
    // The client wrote the first entry of X-Forwarded-For itself; the last is the proxy's.
    const [made] = await asRole(t.stack.sql, t.owner, async (tx) => {
      await tx`select set_config('request.headers',
          '{"x-forwarded-for": "198.51.100.66, 192.0.2.10"}', true)`
      return tx<{ id: string }[]>`
          select id from public.create_channel(${t.workspaceId}, 'behind-a-proxy', 'private')`
    })
    const entry = (await t.entries()).find((e) => e.target_id === made!.id)!
    expect(entry.ip).toBe('192.0.2.10')
  })
})

describe('who reads it', () => {
  it('shows the log to owners only: an admin and a former member read nothing', async () => {
    expect((await t.entries(t.owner)).length).toBeGreaterThan(10)
    expect(await t.entries(t.admin)).toEqual([])
    expect(await t.entries(t.member)).toEqual([])
  })

  it('filters by action, person and time, and exports CSV as PostgREST does', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString()
    const filtered = ok(
      await t
        .as(t.owner)
        .from('audit_log')
        .select('action, actor_id')
        .eq('workspace_id', t.workspaceId)
        .like('action', 'channel.%')
        .eq('actor_id', t.admin.id)
        .gte('occurred_at', since)
        .order('id')
    )
    expect(filtered.length).toBeGreaterThan(3)
    expect(
      filtered.every((e) => e.action.startsWith('channel.') && e.actor_id === t.admin.id)
    ).toBe(true)

    const csv = ok(
      await t
        .as(t.owner)
        .from('audit_log')
        .select('occurred_at, actor_name, action, target_label, ip')
        .eq('workspace_id', t.workspaceId)
        .eq('action', 'webhook.created')
        .csv()
    ) as unknown as string
    const lines = csv.trim().split('\n')
    expect(lines[0]).toBe('occurred_at,actor_name,action,target_label,ip')
    expect(lines).toHaveLength(2)
    // A row's text form, as PostgREST's CSV is: a field with a space is quoted.
    expect(lines[1]).toMatch(/^"[^"]+","Adam Admin",webhook\.created,CI,127\.0\.0\.1$/)
  })
})

describe('history is never rewritten', () => {
  it('refuses an owner changing, deleting or adding entries through REST', async () => {
    const before = await t.entries()
    const update = await t
      .as(t.owner)
      .from('audit_log')
      .update({ action: 'rewritten.history' })
      .eq('workspace_id', t.workspaceId)
    expect(update.error?.code).toBe('42501')
    const remove = await t.as(t.owner).from('audit_log').delete().eq('workspace_id', t.workspaceId)
    expect(remove.error?.code).toBe('42501')
    const insert = await t
      .as(t.owner)
      .from('audit_log')
      .insert({ workspace_id: t.workspaceId, actor_role: 'owner', action: 'forged.entry' })
    expect(insert.error?.code).toBe('42501')
    expect(await t.entries()).toEqual(before)
  })

  it('refuses the service role too, through REST and in SQL', async () => {
    const before = await t.entries()
    const service = t.stack.client(t.stack.serviceRoleKey)
    const remove = await service.from('audit_log').delete().eq('workspace_id', t.workspaceId)
    expect(remove.error?.code).toBe('42501')
    const update = await service
      .from('audit_log')
      .update({ actor_name: 'nobody' })
      .eq('workspace_id', t.workspaceId)
    expect(update.error?.code).toBe('42501')
    // Even the database's owner is stopped by the trigger, row by row and by TRUNCATE.
    await expect(
      t.stack.sql`delete from public.audit_log where workspace_id = ${t.workspaceId}`
    ).rejects.toThrow(/cannot be changed or deleted/)
    await expect(t.stack.sql`truncate public.audit_log`).rejects.toThrow(
      /cannot be changed or deleted/
    )
    expect(await t.entries()).toEqual(before)
  })

  it('keeps who acted when their account is deleted', async () => {
    const gone = await createPerson(t.stack, 'Short Stay')
    const ws = ok(
      await t.as(gone).rpc('create_workspace', { p_name: 'Left behind' }).single<{ id: string }>()
    )
    await t.stack.sql`insert into public.workspace_members (workspace_id, user_id, role)
      values (${ws.id}, ${t.owner.id}, 'owner')`
    await t.stack.sql`delete from auth.users where id = ${gone.id}`
    const [made] = await t.stack.sql<{ actor_id: string; actor_name: string }[]>`
      select actor_id, actor_name from public.audit_log
      where workspace_id = ${ws.id} and action = 'workspace.created'`
    expect(made).toEqual({ actor_id: gone.id, actor_name: 'Short Stay' })
  })

  it('goes with its workspace when the workspace itself is deleted', async () => {
    const other = await createPerson(t.stack, 'Gone Owner')
    const ws = ok(
      await t.as(other).rpc('create_workspace', { p_name: 'Short lived' }).single<{ id: string }>()
    )
    const [{ n }] = await t.stack.sql<[{ n: number }]>`
      select count(*)::int as n from public.audit_log where workspace_id = ${ws.id}`
    expect(n).toBeGreaterThan(0)
    await t.stack.sql`delete from public.workspaces where id = ${ws.id}`
    const [{ left }] = await t.stack.sql<[{ left: number }]>`
      select count(*)::int as left from public.audit_log where workspace_id = ${ws.id}`
    expect(left).toBe(0)
  })
})
