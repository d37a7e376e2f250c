// What the benches that run the stack in their own process share: the stack on a temporary data
// folder (free ports, PostgreSQL tuned for throwaway data, warnings only), a superuser
// connection to its database, one stop that ends both and deletes the folder, and a person
// signed in through supabase-js.
import { randomUUID } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import ws from 'ws'
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

/** A confirmed account made in SQL, and supabase-js signed in as it for two hours. */
export async function benchPerson(
  { stack, sql }: Pick<BenchStack, 'stack' | 'sql'>,
  email: string,
  name: string
): Promise<{ id: string; client: SupabaseClient }> {
  const id = randomUUID()
  await sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
    values (${id}, 'authenticated', 'authenticated', ${email}, now(), ${sql.json({ display_name: name })})`
  return { id, client: await signedInClient(stack, id) }
}

/** supabase-js signed in for two hours as the account `id` (its JWT signed by the stack). */
export async function signedInClient(
  stack: BenchStack['stack'],
  id: string
): Promise<SupabaseClient> {
  const token = await stack.keys.sign({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 7200,
  })
  return createClient(stack.apiUrl, stack.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    accessToken: async () => token,
  })
}
