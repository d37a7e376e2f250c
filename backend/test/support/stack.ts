// Test stacks: a project folder made on the fly, a database of its own cloned from the
// platform template in the shared test cluster, and the real stack serving it on a free port.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js'
import ws from 'ws'
import { inject } from 'vitest'
import { createLogger } from '../../src/logger.ts'
import { startStack } from '../../src/stack.ts'
import { freePort, PortInUseError } from '../../src/http/ports.ts'
import type { Stack } from '../../src/stack.ts'
import { adoptClone, TEMPLATE_DATABASE, withDatabase } from './templates.ts'

export interface ProjectFiles {
  /** config.toml text (a minimal one when omitted). */
  config?: string
  /** Migration files by name, e.g. { '20240101000000_init.sql': 'create table …' }. */
  migrations?: Record<string, string>
  seed?: string
  /** Other files under supabase/, by relative path. */
  files?: Record<string, string | Buffer>
}

/** Writes a Supabase project folder to a temporary directory; returns the workdir. */
export async function makeProject(files: ProjectFiles = {}): Promise<string> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'supabase-project-'))
  const supabase = path.join(workdir, 'supabase')
  await mkdir(path.join(supabase, 'migrations'), { recursive: true })
  await writeFile(path.join(supabase, 'config.toml'), files.config ?? 'project_id = "test"\n')
  for (const [name, text] of Object.entries(files.migrations ?? {})) {
    await writeFile(path.join(supabase, 'migrations', name), text)
  }
  if (files.seed !== undefined) await writeFile(path.join(supabase, 'seed.sql'), files.seed)
  for (const [name, content] of Object.entries(files.files ?? {})) {
    await mkdir(path.dirname(path.join(supabase, name)), { recursive: true })
    await writeFile(path.join(supabase, name), content)
  }
  return workdir
}

export interface TestStackOptions extends ProjectFiles {
  /** Use this project folder instead of making one from the files above. */
  workdir?: string
  strictKeys?: boolean
  /** Ctrl-C for the first start (StackOptions.signal). */
  signal?: AbortSignal
}

export interface TestStack extends Stack {
  url: string
  anonKey: string
  serviceRoleKey: string
  /** Superuser connection to the stack's database, for arranging and checking data. */
  sql: Sql
  /** A supabase-js client (anon key unless another key is given), with the ws transport Node 20 needs. */
  client(key?: string, options?: SupabaseClientOptions<'public'>): SupabaseClient
  /** Stops the stack and starts it again on the same database and port; clients reconnect. */
  restart(): Promise<void>
}

/** Starts a stack on a fresh database of the shared test cluster. Call stop() in afterAll. */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const workdir = options.workdir ?? (await makeProject(options))
  const database = `t_${randomBytes(6).toString('hex')}`
  const clusterUrl = inject('pgUrl')
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} })
  // A project with a migrated template (the supabase project's own) starts on a clone of it.
  const migrated = options.workdir && inject('migratedTemplates')?.[path.resolve(options.workdir)]
  await admin.unsafe(`create database ${database} template ${migrated || TEMPLATE_DATABASE}`)
  const databaseUrl = withDatabase(clusterUrl, database)
  if (migrated) {
    const clone = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await adoptClone(clone).finally(() => clone.end())
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'supabase-data-'))

  // Free ports for the API and the mail inbox (web and SMTP); a restart takes the same ones again.
  const start = (apiPort: number, inboxPort: number, inboxSmtpPort = 0, signal?: AbortSignal) =>
    startStack({
      workdir,
      dataDir,
      databaseUrl,
      apiPort,
      inboxPort,
      inboxSmtpPort,
      strictKeys: options.strictKeys,
      signal,
      log: createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error'),
    })
  let stack: Stack
  try {
    // Ports from below the outgoing connections' range (freePort), not the system's choice (0),
    // which comes from it: restart() listens on the same ports again, and meanwhile an outgoing
    // connection of this machine could have been given one as its local port (EADDRINUSE, seen
    // in cron.test.ts's restart in a full run). Another process (a test file's worker beside
    // this one) can pick a port at the same moment: the one that listens second finds it taken,
    // and the stack, having undone what it started, starts again on other ports.
    for (let attempt = 1; ; attempt++) {
      try {
        stack = await start(await freePort(), await freePort(), await freePort(), options.signal)
        break
      } catch (error) {
        const taken =
          (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || error instanceof PortInUseError
        if (!taken || attempt === 3) throw error
      }
    }
  } catch (error) {
    // A start refused (tests of bad settings expect that) leaves nothing behind either.
    await dropDatabase(admin, database)
    await admin.end()
    await removeFolders(dataDir, options.workdir ? null : workdir)
    throw error
  }
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })
  const clients: SupabaseClient[] = []

  const testStack: TestStack = {
    ...stack,
    url: stack.apiUrl,
    anonKey: stack.keys.anonKey,
    serviceRoleKey: stack.keys.serviceRoleKey,
    sql,
    client(key = stack.keys.anonKey, clientOptions = {}) {
      const client = createClient(stack.apiUrl, key, {
        ...clientOptions,
        auth: { persistSession: false, autoRefreshToken: false, ...clientOptions.auth },
        realtime: { transport: ws as never, ...clientOptions.realtime },
      })
      clients.push(client)
      return client
    },
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
      await sql.end({ timeout: 2 })
      await stack.stop()
      await dropDatabase(admin, database)
      await admin.end({ timeout: 2 })
      await removeFolders(dataDir, options.workdir ? null : workdir)
    },
    async restart() {
      const port = Number(new URL(stack.apiUrl).port)
      const inboxPort = stack.inboxUrl ? Number(new URL(stack.inboxUrl).port) : 0
      await stack.stop()
      stack = await start(port, inboxPort, stack.inboxSmtpPort ?? 0)
      const { stop: _stop, ...fields } = stack
      Object.assign(testStack, fields, { url: stack.apiUrl })
    },
  }
  return testStack
}

/** The stack's data folder, and its project folder when startTestStack made it. */
async function removeFolders(dataDir: string, workdir: string | null): Promise<void> {
  await rm(dataDir, { recursive: true, force: true })
  if (workdir) await rm(workdir, { recursive: true, force: true })
}

async function dropDatabase(admin: Sql, database: string): Promise<void> {
  await admin`
    select pg_drop_replication_slot(slot_name) from pg_replication_slots
    where database = ${database} and not active
  `
  await admin.unsafe(`drop database if exists ${database} with (force)`)
}
