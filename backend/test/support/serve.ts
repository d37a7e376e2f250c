// Serve-mode stacks for tests: a project with an SMTP server of the test's own, a built app
// stand-in, a database cloned from the shared test cluster's template, and `serve` started through
// the same options the CLI builds (cli/serve.ts).
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { inject } from 'vitest'
import { startSmtp } from '../../src/auth/inbox/smtp.ts'
import type { RunningSmtp } from '../../src/auth/inbox/smtp.ts'
import { InboxStore } from '../../src/auth/inbox/store.ts'
import type { StoredMessage } from '../../src/auth/inbox/store.ts'
import { serveOptions } from '../../src/cli/serve.ts'
import type { ServeArgs } from '../../src/cli/serve.ts'
import { createLogger } from '../../src/logger.ts'
import { startStack } from '../../src/stack.ts'
import type { Stack } from '../../src/stack.ts'
import { makeProject } from './stack.ts'
import { TEMPLATE_DATABASE } from './templates.ts'

/** An SMTP server of the test's own: what it receives, parsed. */
export interface TestSmtp {
  port: number
  messages(): Promise<StoredMessage[]>
  close(): Promise<void>
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const dir = await mkdtemp(path.join(tmpdir(), 'serve-smtp-'))
  const store = InboxStore.at(dir)
  const smtp: RunningSmtp = await startSmtp({ store, port: 0, log: createLogger('error') })
  return {
    port: smtp.port,
    messages: () => store.list(),
    async close() {
      await smtp.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** config.toml of a project whose Auth mail goes to `smtpPort` on 127.0.0.1. */
export function smtpConfig(smtpPort: number, extra = ''): string {
  return `project_id = "serve-test"
[auth]
site_url = "http://127.0.0.1:3000"
additional_redirect_urls = ["http://127.0.0.1:3000/**"]
[auth.email]
enable_confirmations = true
[auth.email.smtp]
enabled = true
host = "127.0.0.1"
port = ${smtpPort}
user = "chorus"
pass = "smtp-password"
admin_email = "no-reply@chat.example.com"
sender_name = "Chorus"
${extra}`
}

/** A folder standing in for app/dist: index.html, a hashed asset, a favicon. */
export async function fakeAppDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'serve-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Chorus</title>')
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("chorus")')
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dist
}

/** A database of its own in the shared test cluster; drop() removes it. */
export async function cloneDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const clusterUrl = inject('pgUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DATABASE}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin`
        select pg_drop_replication_slot(slot_name) from pg_replication_slots
        where database = ${name} and not active
      `
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 2 })
    },
  }
}

export interface ServeTest {
  stack: Stack
  /** http://127.0.0.1:<port>, where the server listens. */
  url: string
  publicUrl: string
  dataDir: string
  workdir: string
  databaseUrl: string
  smtp: TestSmtp
  /** Stops the stack and serves again on the same port and data folder, with other arguments. */
  restart(changes: Partial<ServeArgs>): Promise<void>
  stop(): Promise<void>
}

export interface ServeTestOptions {
  publicUrl?: string
  /** More config.toml after the SMTP section. */
  config?: string
  migrations?: Record<string, string>
  /** Other files under supabase/ (functions, functions/.env). */
  files?: Record<string, string>
  args?: Partial<ServeArgs>
}

/** Starts serve mode in this process, as `npm run serve` does. */
export async function startServeTest(options: ServeTestOptions = {}): Promise<ServeTest> {
  const smtp = await startTestSmtp()
  const publicUrl = options.publicUrl ?? 'https://chat.example.com'
  const workdir = await makeProject({
    config: smtpConfig(smtp.port, options.config),
    migrations: options.migrations,
    files: options.files,
  })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'serve-data-'))
  const appDist = await fakeAppDist()
  const database = await cloneDatabase()
  const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
  const args: ServeArgs = {
    workdir,
    dataDir,
    publicUrl,
    host: undefined,
    port: 0,
    dbPort: undefined,
    trustedProxies: [],
    noSignup: false,
    appDist,
    postgresBin: undefined,
    databaseUrl: database.url,
    ...options.args,
  }
  const stack = await startStack(await serveOptions(args, log))
  const test: ServeTest = {
    stack,
    url: stack.apiUrl,
    publicUrl,
    dataDir,
    workdir,
    databaseUrl: database.url,
    smtp,
    async restart(changes) {
      await test.stack.stop()
      const port = Number(new URL(test.url).port)
      test.stack = await startStack(await serveOptions({ ...args, port, ...changes }, log))
    },
    async stop() {
      await test.stack.stop()
      await database.drop()
      await smtp.close()
      for (const dir of [dataDir, appDist, workdir]) await rm(dir, { recursive: true, force: true })
    },
  }
  return test
}
