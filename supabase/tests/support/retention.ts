// Retention's tests: a workspace with people and channels made through supabase-js as the app
// makes them, and messages of any age (written as the superuser, which keeps a given created_at,
// as an import would).
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import type { Person } from './world.ts'

export const DAY = 24 * 60 * 60 * 1000

export const ok = <T>(result: { data: T | null; error: unknown }): T => {
  expect(result.error).toBeNull()
  return result.data as T
}

export function retentionKit(stackOf: () => TestStack) {
  /** supabase-js as the person. */
  const as = (person: Person): SupabaseClient =>
    stackOf().client(stackOf().anonKey, {
      global: { headers: { Authorization: `Bearer ${person.token}` } },
    })

  /** A workspace of the owner's with the others as members, and its default channel. */
  async function workspace(name: string, owner: Person, members: Person[]) {
    const ws = ok(
      await as(owner).rpc('create_workspace', { p_name: name }).single<{ id: string }>()
    )
    const link = ok(
      await as(owner).rpc('create_invite', { p_workspace_id: ws.id }).single<{ token: string }>()
    )
    for (const person of members) ok(await as(person).rpc('accept_invite', { p_token: link.token }))
    const [general] = await stackOf().sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws.id} and is_default`
    return { id: ws.id, general: general!.id }
  }

  async function channel(owner: Person, ws: string, name: string, members: Person[]) {
    const row = ok(
      await as(owner)
        .rpc('create_channel', {
          p_workspace_id: ws,
          p_name: name,
          p_member_ids: members.map((m) => m.id),
        })
        .single<{ id: string }>()
    )
    return row.id
  }

  /** A message written `daysAgo` days ago (a reply when parentId is given); returns its id. */
  async function post(
    author: Person,
    channelId: string,
    body: string,
    daysAgo: number,
    parentId: string | null = null
  ): Promise<string> {
    const id = randomUUID()
    const at = new Date(Date.now() - daysAgo * DAY)
    await stackOf().sql`
      insert into public.messages (id, channel_id, author_id, body, parent_id, created_at)
      values (${id}, ${channelId}, ${author.id}, ${body}, ${parentId}, ${at})`
    return id
  }

  /** A file uploaded through Storage as the author and attached to their message. */
  async function attach(author: Person, ws: string, channelId: string, messageId: string) {
    const path = `${ws}/${channelId}/${messageId}/notes.txt`
    ok(
      await as(author)
        .storage.from('attachments')
        .upload(path, new Blob(['retention test file'], { type: 'text/plain' }))
    )
    await stackOf().sql`
      insert into public.attachments (message_id, path, name) values (${messageId}, ${path}, 'notes.txt')`
    return path
  }

  const exists = async (ids: string[]) =>
    (
      await stackOf().sql<
        { id: string }[]
      >`select id from public.messages where id = any (${ids}::uuid[])`
    ).map((r) => r.id)

  /** The stored object's row, once the Storage API has removed it: undefined while it is there. */
  const objectGone = async (path: string) => {
    const rows = await stackOf().sql`
      select 1 from storage.objects where bucket_id = 'attachments' and name = ${path}`
    return rows.length === 0 ? true : undefined
  }

  /** The workspace's audit entries whose action starts with `prefix`, oldest first. */
  async function auditOf(workspaceId: string, prefix = 'retention.') {
    return stackOf().sql<
      {
        action: string
        actor_role: string
        target_label: string | null
        details: Record<string, unknown>
      }[]
    >`
      select action, actor_role, target_label, details from public.audit_log
      where workspace_id = ${workspaceId} and action like ${prefix + '%'} order by id`
  }

  return { as, workspace, channel, post, attach, exists, objectGone, auditOf }
}
