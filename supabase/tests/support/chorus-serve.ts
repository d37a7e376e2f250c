// Chorus's own project under `serve`, as a team's server runs it: a checkout of Chorus's
// migrations, functions, templates and chorus.toml, its config.toml plus [auth.email.smtp] to an
// SMTP server of the test's own, a data folder, a built app stand-in and a database cloned from
// the test cluster's template. Shared by serve-jobs.test.ts and support/debug-serve.ts
// (log-secrets.test.ts); each starts the stack with a logger of its own.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import type { ServeArgs } from '../../../backend/src/cli/serve.ts'
import type { Stack } from '../../../backend/src/stack.ts'
import { cloneDatabase, fakeAppDist, startTestSmtp } from '../../../backend/test/support/serve.ts'
import type { TestSmtp } from '../../../backend/test/support/serve.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { buildWorld } from './world.ts'
import type { World } from './world.ts'

const REPO = path.resolve(import.meta.dirname, '../../..')

export interface ChorusServe {
  smtp: TestSmtp
  /** What `serve` is given (port 0: a free one). */
  args: ServeArgs
  databaseUrl: string
  /** Drops the database, closes the SMTP server and removes the folders. */
  cleanup(): Promise<void>
}

/** Makes the project, the folders, the SMTP server and the database; `prefix` names the temporary folders. */
export async function prepareChorusServe(prefix: string): Promise<ChorusServe> {
  const smtp = await startTestSmtp()
  const workdir = await mkdtemp(path.join(tmpdir(), `${prefix}-`))
  await mkdir(path.join(workdir, 'supabase'))
  for (const dir of ['migrations', 'functions', 'templates', 'chorus.toml']) {
    await symlink(path.join(REPO, 'supabase', dir), path.join(workdir, 'supabase', dir))
  }
  const config = await readFile(path.join(REPO, 'supabase', 'config.toml'), 'utf8')
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    `${config}
[auth.email.smtp]
enabled = true
host = "127.0.0.1"
port = ${smtp.port}
user = "chorus"
pass = "smtp-password"
admin_email = "no-reply@chat.example.com"
sender_name = "Chorus"
`
  )
  const dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-data-`))
  const appDist = await fakeAppDist()
  const database = await cloneDatabase()
  const args: ServeArgs = {
    workdir,
    dataDir,
    publicUrl: 'https://chat.example.com',
    host: undefined,
    port: 0,
    dbPort: undefined,
    trustedProxies: [],
    noSignup: false,
    appDist,
    postgresBin: undefined,
    databaseUrl: database.url,
  }
  return {
    smtp,
    args,
    databaseUrl: database.url,
    async cleanup() {
      await database.drop()
      await smtp.close()
      for (const dir of [dataDir, appDist, workdir]) await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A superuser connection to the served database and the people and channels of support/world.ts. */
export async function serveWorld(
  databaseUrl: string,
  stack: Stack
): Promise<{ sql: Sql; world: World }> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })
  return { sql, world: await buildWorld({ sql, keys: stack.keys } as unknown as TestStack) }
}
