// What the benches that run the stack in their own process share: the stack on a temporary data
// folder (free ports, PostgreSQL tuned for throwaway data, warnings only), a superuser
// connection to its database, and one stop that ends both and deletes the folder.
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import { ROOT } from './processes.ts'

export type Stack = Awaited<ReturnType<typeof startStack>>

export interface BenchStack {
  stack: Stack
  /** The database as its superuser (`max` connections, opened on first use). */
  sql: Sql
  stop(): Promise<void>
}

export async function startBenchStack(
  name: string,
  options: { appDist?: string; maxConnections?: number } = {}
): Promise<BenchStack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `chorus-bench-${name}-`))
  await chmod(dataDir, 0o755)
  const stack = await startStack({
    workdir: ROOT,
    dataDir,
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    ...(options.appDist ? { appDist: options.appDist, appPort: 0 } : {}),
    fastDb: true,
    log: createLogger('warn'),
  })
  const sql = postgres(stack.dbUrl, { max: options.maxConnections ?? 2, onnotice: () => {} })
  return {
    stack,
    sql,
    async stop() {
      await sql.end({ timeout: 2 })
      await stack.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
