// The upgrade fixture (test/fixtures/upgrade: a data folder an earlier release of Chorus made,
// and what is in it) unpacked as a data folder, and today's Chorus project to serve it with.
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
import { extract } from 'tar'
import { serveOptions } from '../../src/cli/serve.ts'
import { removeClusters } from '../../src/db/embedded.ts'
import { postgresUser } from '../../src/db/postgres-home.ts'
import type { RunAs } from '../../src/db/postgres-home.ts'
import { createLogger } from '../../src/logger.ts'
import { startStack } from '../../src/stack.ts'
import type { Stack } from '../../src/stack.ts'
import type { FixtureData } from '../fixtures/upgrade/data.ts'
import { REPO_ROOT } from './cli.ts'

const FIXTURES = path.join(import.meta.dirname, '../fixtures/upgrade')
/** The release the fixture was made by (fixtures/upgrade/README.md). */
export const RELEASE = 'a80e04b7ef91'

export interface Manifest extends FixtureData {
  commit: string
  archive: { file: string; sha256: string }
  /** The migration versions of the release. */
  migrations: string[]
}

export function readManifest(release = RELEASE): Manifest {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${release}.json`), 'utf8'))
}

export interface Unpacked {
  dataDir: string
  remove(): Promise<void>
}

/**
 * The fixture's data folder, unpacked where PostgreSQL's OS user reaches it (as root: owned by
 * postgres), so that its cluster runs in place.
 */
export async function unpackFixture(manifest: Manifest): Promise<Unpacked> {
  const archive = path.join(FIXTURES, manifest.archive.file)
  const digest = createHash('sha256')
    .update(await readFile(archive))
    .digest('hex')
  if (digest !== manifest.archive.sha256)
    throw new Error(`${archive} is not the one its .json names`)
  const work = await mkdtemp(path.join(tmpdir(), 'upgrade-release-'))
  await chmod(work, 0o755)
  const dataDir = path.join(work, 'data')
  await mkdir(dataDir, { mode: 0o755 })
  await extract({ file: archive, cwd: dataDir })
  const pgdata = path.join(dataDir, 'pgdata')
  await chmod(pgdata, 0o700)
  const runAs = await postgresUser()
  if (runAs) await chownTree(pgdata, runAs)
  return {
    dataDir,
    async remove() {
      await removeClusters(dataDir)
      await rm(work, { recursive: true, force: true })
    },
  }
}

/** The fixture's cluster belongs to the OS user PostgreSQL runs as (as root: postgres). */
async function chownTree(target: string, runAs: RunAs): Promise<void> {
  await chown(target, runAs.uid, runAs.gid)
  if (!(await lstat(target)).isDirectory()) return
  for (const name of await readdir(target)) await chownTree(path.join(target, name), runAs)
}

export /** Chorus's supabase/ of today, with an [auth.email.smtp] of the test's own (serve needs one). */
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

/** Today's `serve` on the folder, as the CLI starts it (its own PostgreSQL, free ports). */
export async function serveFolder(args: {
  workdir: string
  dataDir: string
  appDist: string
}): Promise<Stack> {
  const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
  return startStack(
    await serveOptions(
      {
        workdir: args.workdir,
        dataDir: args.dataDir,
        publicUrl: 'https://chat.example.com',
        host: undefined,
        port: 0,
        dbPort: 0,
        trustedProxies: [],
        noSignup: false,
        appDist: args.appDist,
        postgresBin: undefined,
        databaseUrl: undefined,
      },
      log
    )
  )
}

/** The versions of today's migrations. */
export async function localMigrations(): Promise<string[]> {
  return (await readdir(path.join(REPO_ROOT, 'supabase/migrations')))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.split('_')[0]!)
    .sort()
}
