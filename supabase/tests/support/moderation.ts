// Helpers of the moderation tests (moderation*.test.ts): a message as a person reads it through
// REST, and the audit log's actions on a target.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Sql } from 'postgres'
import { expect } from 'vitest'

export interface ReadMessage {
  body: string
  author_id: string
  removed_at: string | null
  attachments: unknown[]
}

/** The message as the client's person reads it through REST (null: not readable). */
export async function readMessage(client: SupabaseClient, id: string): Promise<ReadMessage | null> {
  const { data, error } = await client
    .from('messages')
    .select('id, body, author_id, removed_at, attachments(id, name)')
    .eq('id', id)
    .maybeSingle()
  expect(error).toBeNull()
  return data as ReadMessage | null
}

/** The audit log's actions on a target in the workspace, oldest first. */
export async function auditActions(sql: Sql, workspace: string, target: string): Promise<string[]> {
  const rows = await sql<{ action: string }[]>`
    select action from public.audit_log where workspace_id = ${workspace} and target_id = ${target}
    order by id`
  return rows.map((r) => r.action)
}
