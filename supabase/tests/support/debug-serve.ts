// The set-up of log-secrets.test.ts: Chorus's project under `serve` (the logger it makes, at
// LOG_LEVEL=debug, lines to stdout) on a clone of the test database, with the project's SMTP,
// and everything the process writes to stdout and stderr and the functions' console captured.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatWithOptions } from 'node:util'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll } from 'vitest'
import { serveOptions } from '../../../backend/src/cli/serve.ts'
import type { ServeArgs } from '../../../backend/src/cli/serve.ts'
import { createLogger } from '../../../backend/src/logger.ts'
import { startStack } from '../../../backend/src/stack.ts'
import type { Stack } from '../../../backend/src/stack.ts'
import { cloneDatabase, fakeAppDist, startTestSmtp } from '../../../backend/test/support/serve.ts'
import type { TestSmtp } from '../../../backend/test/support/serve.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { buildWorld } from './world.ts'
import type { World } from './world.ts'

const REPO = path.resolve(import.meta.dirname, '../../..')

export interface DebugServe {
  stack: Stack
  sql: Sql
  world: World
  /** Everything written to stdout and stderr and the console since the stack started. */
  captured: string
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useDebugServe(): DebugServe {
  const t = { captured: '' } as DebugServe
  const writes = { out: process.stdout.write, err: process.stderr.write }
  function capture(): void {
    const tee =
      (original: typeof process.stdout.write) =>
      (chunk: unknown, ...rest: unknown[]): boolean => {
        t.captured +=
          typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()
        return (original as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest)
      }
    process.stdout.write = tee(writes.out) as typeof process.stdout.write
    process.stderr.write = tee(writes.err) as typeof process.stderr.write
    // The functions' console (the stack redacts it on top of this; vitest routes it elsewhere).
    for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[name].bind(console)
      console[name] = (...args: unknown[]) => {
        t.captured += `${formatWithOptions({ colors: false }, ...args)}\n`
        original(...args)
      }
    }
  }
  function release(): void {
    process.stdout.write = writes.out
    process.stderr.write = writes.err
  }

  let level: string | undefined
  let smtp: TestSmtp
  let database: { url: string; drop(): Promise<void> }
  let workdir: string
  let dataDir: string
  let appDist: string

  beforeAll(async () => {
    level = process.env.LOG_LEVEL
    process.env.LOG_LEVEL = 'debug'
    smtp = await startTestSmtp()
    workdir = await mkdtemp(path.join(tmpdir(), 'log-secrets-'))
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
    dataDir = await mkdtemp(path.join(tmpdir(), 'log-secrets-data-'))
    appDist = await fakeAppDist()
    database = await cloneDatabase()
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
    capture()
    // The logger `serve` makes (cli/serve.ts), at debug level.
    t.stack = await startStack(await serveOptions(args, createLogger('debug', '', { lines: true })))
    t.sql = postgres(database.url, { max: 2, onnotice: () => {} })
    t.world = await buildWorld({ sql: t.sql, keys: t.stack.keys } as unknown as TestStack)
  }, 180_000)

  afterAll(async () => {
    release()
    if (level === undefined) delete process.env.LOG_LEVEL
    else process.env.LOG_LEVEL = level
    await t.sql?.end({ timeout: 2 })
    await t.stack?.stop()
    await database?.drop()
    await smtp?.close()
    for (const dir of [dataDir, appDist, workdir]) {
      if (dir) await rm(dir, { recursive: true, force: true })
    }
  })
  return t
}
