// Chorus's own upgrade: the data folder an earlier release made (test/fixtures/upgrade, made by
// that release's `serve` through the real API: people, a workspace, channels, messages with a
// thread, reactions, files in Storage) is unpacked and served by today's `serve`. Every account
// signs in with its password, every message, reaction and attachment row is there, every file
// comes back byte for byte through Storage, the release's keys are kept, and every migration and
// platform file the folder lacked is applied once: a second start applies nothing. No git
// history is needed: the fixture is the folder itself.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
} from 'node:fs/promises'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { createClient } from '@supabase/supabase-js'
import { extract } from 'tar'
import ws from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOptions } from '../../src/cli/serve.ts'
import { removeClusters } from '../../src/db/embedded.ts'
import { postgresUser } from '../../src/db/postgres-home.ts'
import type { RunAs } from '../../src/db/postgres-home.ts'
import { createLogger } from '../../src/logger.ts'
import { startStack } from '../../src/stack.ts'
import type { Stack } from '../../src/stack.ts'
import { REPO_ROOT } from '../support/cli.ts'
import type { FixtureData } from '../fixtures/upgrade/data.ts'
import { fakeAppDist, startTestSmtp } from '../support/serve.ts'
import type { TestSmtp } from '../support/serve.ts'

const FIXTURES = path.join(import.meta.dirname, '../fixtures/upgrade')
/** The release the fixture was made by (fixtures/upgrade/README.md). */
const RELEASE = 'a80e04b7ef91'

interface Manifest extends FixtureData {
  commit: string
  archive: { file: string; sha256: string }
  migrations: string[]
}

const manifest: Manifest = JSON.parse(readFileSync(path.join(FIXTURES, `${RELEASE}.json`), 'utf8'))

let work: string
let dataDir: string
let workdir: string
let appDist: string
let smtp: TestSmtp
let stack: Stack | null = null

/** The fixture's cluster belongs to the OS user PostgreSQL runs as (as root: postgres). */
async function chownTree(target: string, runAs: RunAs): Promise<void> {
  await chown(target, runAs.uid, runAs.gid)
  if (!(await lstat(target)).isDirectory()) return
  for (const name of await readdir(target)) await chownTree(path.join(target, name), runAs)
}

/** Chorus's supabase/ of today, with an [auth.email.smtp] of the test's own (serve needs one). */
async function chorusProject(smtpPort: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upgrade-release-project-'))
  await mkdir(path.join(dir, 'supabase'))
  const source = path.join(REPO_ROOT, 'supabase')
  const config = await readFile(path.join(source, 'config.toml'), 'utf8')
  const section = [
    '[auth.email.smtp]',
    'enabled = true',
    'host = "127.0.0.1"',
    `port = ${smtpPort}`,
    'user = "chorus"',
    'pass = "smtp-password"',
    'admin_email = "no-reply@upgrade.test"',
    'sender_name = "Chorus"',
    '',
    '',
  ].join('\n')
  const patched = config.replace(/^\[auth\.email\.template\.invite\]$/m, `${section}$&`)
  await writeFile(
    path.join(dir, 'supabase', 'config.toml'),
    patched === config ? `${config}\n${section}` : patched
  )
  for (const name of await readdir(source)) {
    if (['migrations', 'functions', 'templates', 'chorus.toml'].includes(name)) {
      await symlink(path.join(source, name), path.join(dir, 'supabase', name))
    }
  }
  return dir
}

async function serve(): Promise<Stack> {
  const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
  return startStack(
    await serveOptions(
      {
        workdir,
        dataDir,
        publicUrl: 'https://chat.example.com',
        host: undefined,
        port: 0,
        dbPort: 0,
        trustedProxies: [],
        noSignup: false,
        appDist,
        postgresBin: undefined,
        databaseUrl: undefined,
      },
      log
    )
  )
}

const localMigrations = async () =>
  (await readdir(path.join(REPO_ROOT, 'supabase/migrations')))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.split('_')[0]!)
    .sort()

beforeAll(async () => {
  const archive = path.join(FIXTURES, manifest.archive.file)
  expect(
    createHash('sha256')
      .update(await readFile(archive))
      .digest('hex')
  ).toBe(manifest.archive.sha256)
  // Reachable by PostgreSQL's OS user, so that the cluster runs where it was unpacked.
  work = await mkdtemp(path.join(tmpdir(), 'upgrade-release-'))
  await chmod(work, 0o755)
  dataDir = path.join(work, 'data')
  await mkdir(dataDir, { mode: 0o755 })
  await extract({ file: archive, cwd: dataDir })
  const pgdata = path.join(dataDir, 'pgdata')
  await chmod(pgdata, 0o700)
  const runAs = await postgresUser()
  if (runAs) await chownTree(pgdata, runAs)
  smtp = await startTestSmtp()
  workdir = await chorusProject(smtp.port)
  appDist = await fakeAppDist()
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await smtp?.close()
  if (dataDir) await removeClusters(dataDir)
  for (const dir of [work, workdir, appDist]) {
    if (dir) await rm(dir, { recursive: true, force: true })
  }
})

describe(`upgrading a data folder of release ${RELEASE}`, () => {
  it(
    'today’s serve applies what it lacks once; people, messages, reactions and files are all there',
    {
      timeout: 300_000,
    },
    async () => {
      const local = await localMigrations()
      const added = local.filter((version) => !manifest.migrations.includes(version))
      // The fixture is older than today's migrations (else this test checks no upgrade).
      expect(added.length).toBeGreaterThan(0)

      stack = await serve()
      const secrets = JSON.parse(await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8'))
      const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
      try {
        const applied = await sql<{ version: string }[]>`
        select version from supabase_migrations.schema_migrations order by version
      `
        expect(applied.map((row) => row.version)).toEqual(local)
        const platform = (await readdir(path.join(REPO_ROOT, 'backend/src/db/platform')))
          .filter((name) => name.endsWith('.sql'))
          .sort()
        const recorded = await sql<{ name: string }[]>`
        select name from _supabase_local.platform_versions order by name
      `
        expect(recorded.map((row) => row.name)).toEqual(platform)

        const messages = await sql<
          { id: string; channel: string; author: string; body: string; parent: string | null }[]
        >`
        select id, channel_id as channel, author_id as author, body, parent_id as parent
        from public.messages where deleted_at is null order by id
      `
        const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
        expect(messages).toEqual([...manifest.messages].sort(byId))
        const reactions = await sql<{ message: string; user: string; emoji: string }[]>`
        select message_id as message, user_id as "user", emoji from public.reactions
      `
        const key = (r: { message: string; user: string; emoji: string }) =>
          `${r.message} ${r.user} ${r.emoji}`
        expect(reactions.map(key).sort()).toEqual(manifest.reactions.map(key).sort())
        const attachments = await sql<{ message: string; path: string }[]>`
        select message_id as message, path from public.attachments order by path
      `
        expect(attachments).toEqual(
          manifest.files
            .map((file) => ({ message: file.message, path: file.path }))
            .sort((a, b) => (a.path < b.path ? -1 : 1))
        )
      } finally {
        await sql.end({ timeout: 2 })
      }

      // The release's keys are kept; every account signs in with its password, and a member
      // downloads every file byte for byte.
      const url = stack.apiUrl
      for (const person of manifest.people) {
        const client = createClient(url, secrets.publishable_key, {
          auth: { persistSession: false },
          realtime: { transport: ws as never },
        })
        const { data, error } = await client.auth.signInWithPassword({
          email: person.email,
          password: person.password,
        })
        expect(error).toBeNull()
        expect(data.user?.id).toBe(person.id)
        for (const file of manifest.files) {
          const download = await client.storage.from('attachments').download(file.path)
          expect(download.error).toBeNull()
          const bytes = Buffer.from(await download.data!.arrayBuffer())
          expect(bytes.length).toBe(file.size)
          expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256)
        }
        await client.auth.signOut()
      }

      // A second start finds nothing to apply: each migration ran once.
      const before = await history(stack.dbUrl)
      await stack.stop()
      stack = null
      stack = await serve()
      expect(await history(stack.dbUrl)).toEqual(before)
    }
  )
})

/** The migration history and the platform files, as recorded, to compare across starts. */
async function history(dbUrl: string): Promise<unknown[]> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  try {
    return [
      await sql`select * from supabase_migrations.schema_migrations order by version`,
      await sql`select * from _supabase_local.platform_versions order by name`,
    ]
  } finally {
    await sql.end({ timeout: 2 })
  }
}
