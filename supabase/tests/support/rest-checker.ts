// Runs one matrix case of a public table as one role through the REST API with the real
// supabase-js, and reads the effect back as superuser (writes commit, so each check acts on a
// row made for it).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import type { CallCase, MatrixContext, RowCase } from './matrix.ts'
import { patchApplied } from './sql-checker.ts'
import type { Outcome } from './sql-checker.ts'
import { actorOf } from './world.ts'
import type { Person, Role } from './world.ts'

/** A supabase-js client acting as the person (their access token), or anonymous. */
export function clientFor(stack: TestStack, person: Person | null): SupabaseClient {
  return person
    ? stack.client(stack.anonKey, { accessToken: async () => person.token })
    : stack.client(stack.anonKey)
}

export function isRestCase(c: { kind: string; table: string }): c is RowCase | CallCase {
  return (c.kind === 'row' || c.kind === 'call') && c.table.startsWith('public.')
}

export async function checkRest(
  ctx: MatrixContext,
  clients: Record<Role, SupabaseClient>,
  c: RowCase | CallCase,
  role: Role
): Promise<Outcome> {
  if (c.kind === 'call') return checkRpc(ctx, clients, c, role)
  const actor = actorOf(ctx.world, role)
  const table = c.table.slice('public.'.length)
  const from = clients[role].from(table)
  const key = c.row ? await c.row(ctx) : ''
  const stored = async (id: string) =>
    (
      await ctx.sql<{ row: Record<string, unknown> }[]>`
        select to_jsonb(x) as row from ${ctx.sql(c.table)} x where id = ${id}`
    )[0]?.row
  const refused = (error: { code?: string; message: string } | null, done: boolean): Outcome =>
    error ? { done, code: error.code ?? 'unknown', message: error.message } : { done }

  switch (c.op) {
    case 'select': {
      const { data, error } = await from.select('id').eq('id', key)
      return refused(error, (data ?? []).length === 1)
    }
    case 'insert': {
      const values = c.values!(ctx, actor, key)
      const { error } = await from.insert(values)
      // A refused insert may name a row that exists already (someone's own profile).
      return refused(error, !error && (await stored(values.id as string)) !== undefined)
    }
    case 'update': {
      const patch = c.patch!()
      const { error } = await from.update(patch).eq('id', key)
      return refused(error, (c.changed ?? patchApplied)((await stored(key))!, patch))
    }
    case 'delete': {
      const { error } = await from.delete().eq('id', key)
      return refused(error, (await stored(key)) === undefined)
    }
  }
}

/** An RPC through supabase-js (`rpc(name, args)`); its effect read back as superuser. */
async function checkRpc(
  ctx: MatrixContext,
  clients: Record<Role, SupabaseClient>,
  c: CallCase,
  role: Role
): Promise<Outcome> {
  const key = await c.row(ctx)
  const { data, error } = await clients[role].rpc(c.table.slice('public.'.length), c.args(key))
  // A set of rows, or one value (a json object) as its only row.
  const rows = (Array.isArray(data) ? data : data == null ? [] : [data]) as Record<
    string,
    unknown
  >[]
  const done = await c.done(ctx.sql, key, rows)
  return error ? { done, code: error.code ?? 'unknown', message: error.message } : { done }
}
