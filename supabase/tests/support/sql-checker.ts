// Runs one matrix case as one role directly in SQL: the role and request.jwt.claims set as the
// API sets them, the operation attempted, its effect read back as superuser, all rolled back.
import type { PostgresError, TransactionSql } from 'postgres'
import type { CallCase, MatrixCase, MatrixContext, RowCase, TopicCase } from './matrix.ts'
import { actorOf, asRoleRolledBack, claimsOf } from './world.ts'
import type { Role } from './world.ts'

export interface Outcome {
  /** The operation took effect (select: the row was visible). */
  done: boolean
  /** SQLSTATE of the error that refused it, if it was an error. */
  code?: string
  message?: string
}

export function refusal(error: unknown): Outcome {
  const e = error as Partial<PostgresError>
  return { done: false, code: e.code ?? 'unknown', message: e.message ?? String(error) }
}

/** The effect of an update shows in the stored row: every patched column has its new value. */
export function patchApplied(
  after: Record<string, unknown>,
  patch: Record<string, unknown>
): boolean {
  return Object.entries(patch).every(
    ([column, value]) => JSON.stringify(after[column]) === JSON.stringify(value)
  )
}

/** postgres.js sends plain objects as text; jsonb columns need them as json parameters. */
function bindable(tx: TransactionSql, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v !== null && typeof v === 'object' && !Array.isArray(v) ? tx.json(v as never) : v,
    ])
  )
}

export async function checkSql(ctx: MatrixContext, c: MatrixCase, role: Role): Promise<Outcome> {
  switch (c.kind) {
    case 'topic':
      return checkTopic(ctx, c, role)
    case 'call':
      return checkCall(ctx, c, role)
    case 'row':
      return checkRow(ctx, c, role)
  }
}

/** An RPC called with named arguments, as PostgREST calls it; its effect read back. */
async function checkCall(ctx: MatrixContext, c: CallCase, role: Role): Promise<Outcome> {
  const actor = actorOf(ctx.world, role)
  const key = await c.row(ctx)
  const args = Object.entries(c.args(key))
  const named = args.map(([name], i) => `${name} => $${i + 1}`).join(', ')
  try {
    return await asRoleRolledBack(ctx.sql, actor, async (tx) => {
      const rows = await tx.unsafe<Record<string, unknown>[]>(
        `select * from ${c.table}(${named})`,
        args.map(([, value]) => value as never)
      )
      await tx`reset role`
      return { done: await c.done(tx, key, rows) }
    })
  } catch (error) {
    return refusal(error)
  }
}

async function checkRow(ctx: MatrixContext, c: RowCase, role: Role): Promise<Outcome> {
  const actor = actorOf(ctx.world, role)
  const key = c.row ? await c.row(ctx) : ''
  try {
    return await asRoleRolledBack(ctx.sql, actor, async (tx) => {
      const table = tx(c.table)
      // As the Storage service does for its own deletes (direct SQL deletes are refused).
      if (c.table.startsWith('storage.')) {
        await tx`select set_config('storage.allow_delete_query', 'true', true)`
      }
      switch (c.op) {
        case 'select': {
          const rows = await tx`select 1 from ${table} where id = ${key}`
          return { done: rows.length === 1 }
        }
        case 'insert': {
          const values = c.values!(ctx, actor, key)
          await tx`insert into ${table} ${tx(bindable(tx, values))}`
          await tx`reset role`
          const rows = await tx`select 1 from ${table} where id = ${values.id as string}`
          return { done: rows.length === 1 }
        }
        case 'update': {
          const patch = c.patch!()
          await tx`update ${table} set ${tx(bindable(tx, patch))} where id = ${key}`
          await tx`reset role`
          const [after] = await tx<{ row: Record<string, unknown> }[]>`
            select to_jsonb(x) as row from ${table} x where id = ${key}`
          return { done: (c.changed ?? patchApplied)(after!.row, patch) }
        }
        case 'delete': {
          await tx`delete from ${table} where id = ${key}`
          await tx`reset role`
          const rows = await tx`select 1 from ${table} where id = ${key}`
          return { done: rows.length === 0 }
        }
      }
    })
  } catch (error) {
    return refusal(error)
  }
}

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback')
  }
}

/**
 * Private Realtime topics, checked as Realtime checks them: a probe row in realtime.messages
 * read back as the user with realtime.topic set (receive), or inserted as the user (send).
 */
async function checkTopic(ctx: MatrixContext, c: TopicCase, role: Role): Promise<Outcome> {
  const actor = actorOf(ctx.world, role)
  const topic = c.topic(ctx.world)
  try {
    await ctx.sql.begin(async (tx) => {
      const [probe] = await tx<{ id: string }[]>`
        insert into realtime.messages (topic, extension, payload, event, private)
        values (${topic}, 'broadcast', '{}', 'probe', true) returning id`
      await tx`
        select set_config('role', ${actor ? 'authenticated' : 'anon'}, true),
               set_config('request.jwt.claims', ${JSON.stringify(claimsOf(actor))}, true),
               set_config('realtime.topic', ${topic}, true)`
      if (c.op === 'select') {
        const rows = await tx`select 1 from realtime.messages where id = ${probe!.id}`
        throw new Rollback({ done: rows.length === 1 })
      }
      await tx`
        insert into realtime.messages (topic, extension, payload, event, private)
        values (${topic}, 'broadcast', '{}', 'typing', true)`
      throw new Rollback({ done: true })
    })
  } catch (error) {
    if (error instanceof Rollback) return error.outcome
    return refusal(error)
  }
  throw new Error('unreachable')
}
