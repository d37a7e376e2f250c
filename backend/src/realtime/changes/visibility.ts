// Waiting for committed transactions to be visible. The replication stream hands a transaction
// over once its commit record is flushed, which is a moment before the committing session
// leaves the list of running transactions: a client that hears of a change and reads at once
// (a broadcast from the database saying "pins changed", the app asking for the pins) could
// read from before it. Broadcasts from realtime.messages therefore go out only once their
// transactions are visible to a new snapshot (postgres_changes' check waits the same way, in
// _supabase_local.realtime_visible_rows; both through _supabase_local.xids_visible).
import type { Sql } from 'postgres'
import type { Sessions } from './rls-check.ts'

/** How long to wait at most (a transaction that stays invisible is delivered anyway). */
const MAX_WAIT_MS = 1000
const PAUSE_MS = 1

/** Whether every transaction (32-bit ids, as the stream carries them) is visible to a new
 * snapshot (_supabase_local.xids_visible, platform/57-realtime-visible-xids.sql). */
export async function allVisible(sql: Sql, xids: readonly number[]): Promise<boolean> {
  const [row] = await sql<{ visible: boolean }[]>`
    select _supabase_local.xids_visible(${xids as number[]}::bigint[]) as visible`
  return row?.visible !== false
}

/** Resolves once every transaction is visible, or after MAX_WAIT_MS. */
export async function waitVisible(sessions: Sessions, xids: readonly number[]): Promise<void> {
  if (xids.length === 0) return
  const deadline = performance.now() + MAX_WAIT_MS
  await sessions.withSession(async (sql) => {
    while (!(await allVisible(sql, xids)) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
    }
  })
}
