// The set-up of audit-log.test.ts: a stack with an owner, an admin and a member in one workspace,
// supabase-js as each with a user agent of its own, the log as a person reads it, and the RPC
// calls whose entries the tests read.
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { createPerson } from './world.ts'
import type { Person } from './world.ts'

export const AGENT = 'Chorus audit test/1.0'

export interface Entry {
  action: string
  actor_id: string | null
  actor_name: string | null
  actor_role: string
  target_type: string | null
  target_id: string | null
  target_label: string | null
  details: Record<string, unknown>
  ip: string | null
  user_agent: string | null
  occurred_at: string
}

export const ok = <T>(result: { data: T | null; error: unknown }): T => {
  expect(result.error).toBeNull()
  return result.data as T
}

export interface AuditContext {
  stack: TestStack
  owner: Person
  admin: Person
  member: Person
  workspaceId: string
  /** supabase-js as the person, with a user agent of its own. */
  as: (person: Person, headers?: Record<string, string>) => SupabaseClient
  /** The workspace's log as the reader (the owner unless said) reads it, oldest first. */
  entries: (reader?: Person) => Promise<Entry[]>
}

/** Registers the file's beforeAll/afterAll; the context is filled once beforeAll has run. */
export function useAuditStack(): AuditContext {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const ctx = {} as AuditContext
  ctx.as = (person, headers = {}) =>
    ctx.stack.client(ctx.stack.anonKey, {
      global: {
        headers: { Authorization: `Bearer ${person.token}`, 'User-Agent': AGENT, ...headers },
      },
    })
  ctx.entries = async (reader = ctx.owner) => {
    const { data, error } = await ctx
      .as(reader)
      .from('audit_log')
      .select('*')
      .eq('workspace_id', ctx.workspaceId)
      .order('id', { ascending: true })
    expect(error).toBeNull()
    return data as Entry[]
  }
  beforeAll(async () => {
    ctx.stack = await startTestStack({ workdir })
    const { as } = ctx
    ;[ctx.owner, ctx.admin, ctx.member] = (await Promise.all(
      ['Olga Owner', 'Adam Admin', 'Mia Member'].map((name) => createPerson(ctx.stack, name))
    )) as [Person, Person, Person]
    const ws = ok(
      await as(ctx.owner).rpc('create_workspace', { p_name: 'Audited' }).single<{ id: string }>()
    )
    ctx.workspaceId = ws.id
    const link = ok(
      await as(ctx.owner)
        .rpc('create_invite', { p_workspace_id: ctx.workspaceId })
        .single<{ token: string }>()
    )
    for (const person of [ctx.admin, ctx.member]) {
      ok(await as(person).rpc('accept_invite', { p_token: link.token }))
    }
    ok(
      await as(ctx.owner).rpc('set_member_role', {
        p_workspace_id: ctx.workspaceId,
        p_user_id: ctx.admin.id,
        p_role: 'admin',
      })
    )
  }, 120_000)
  afterAll(async () => {
    await ctx.stack?.stop()
  })
  return ctx
}

/**
 * As the admin: a public channel `ops` made, renamed `operations`, the member added and removed,
 * archived and unarchived; returns it.
 */
export async function channelLifecycle(ctx: AuditContext): Promise<{ id: string }> {
  const { as, admin, member, workspaceId } = ctx
  const channel = ok(
    await as(admin)
      .rpc('create_channel', { p_workspace_id: workspaceId, p_name: 'ops', p_kind: 'public' })
      .single<{ id: string }>()
  )
  ok(await as(admin).rpc('update_channel', { p_channel_id: channel.id, p_name: 'operations' }))
  ok(
    await as(admin).rpc('add_channel_members', {
      p_channel_id: channel.id,
      p_user_ids: [member.id],
    })
  )
  ok(
    await as(admin).rpc('remove_channel_member', {
      p_channel_id: channel.id,
      p_user_id: member.id,
    })
  )
  ok(await as(admin).rpc('archive_channel', { p_channel_id: channel.id }))
  ok(await as(admin).rpc('archive_channel', { p_channel_id: channel.id, p_archived: false }))
  return channel
}

/**
 * As the admin: a bot made, its token regenerated, revoked; a slash command made, its URL changed,
 * revoked; an event subscription made, paused, its secret rotated, deleted. Returns the three.
 */
export async function integrationLifecycles(
  ctx: AuditContext
): Promise<Record<'bot' | 'command' | 'subscription', { id: string }>> {
  const { as, admin, workspaceId } = ctx
  const bot = ok(
    await as(admin)
      .rpc('create_bot', { p_workspace_id: workspaceId, p_name: 'Deploy bot' })
      .single<{ id: string }>()
  )
  ok(await as(admin).rpc('regenerate_bot_token', { p_id: bot.id }))
  ok(await as(admin).rpc('revoke_bot', { p_id: bot.id }))
  const command = ok(
    await as(admin)
      .rpc('create_slash_command', {
        p_workspace_id: workspaceId,
        p_name: '/deploy',
        p_url: 'https://ci.example.com/deploy',
      })
      .single<{ id: string }>()
  )
  ok(
    await as(admin).rpc('update_slash_command', {
      p_id: command.id,
      p_url: 'https://ci.example.com/v2/deploy',
    })
  )
  ok(await as(admin).rpc('revoke_slash_command', { p_id: command.id }))
  const subscription = ok(
    await as(admin)
      .rpc('create_event_subscription', {
        p_workspace_id: workspaceId,
        p_url: 'https://hooks.example.com/chorus',
        p_event_types: ['message'],
      })
      .single<{ id: string }>()
  )
  ok(
    await as(admin).rpc('set_event_subscription_active', {
      p_id: subscription.id,
      p_active: false,
    })
  )
  ok(await as(admin).rpc('rotate_event_subscription_secret', { p_id: subscription.id }))
  ok(await as(admin).rpc('delete_event_subscription', { p_id: subscription.id }))
  return { bot, command, subscription }
}
