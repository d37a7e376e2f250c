// `backup`: one .tar.gz holding everything a team would lose: the cluster (cluster-backup.ts: a
// physical copy consistent at one point while people keep writing), Storage's files and every
// other regular file of the data folder (signing keys, secrets, the inbox), except the transient
// ones. It reads the running stack's database (stack.json says where) or, with none running,
// starts the cluster itself for the copy.
//
// Stored files against the database's point: an upload's bytes are on disk (in tmp/) before its
// row commits, and a deleted object's file goes only after its delete commits, so every version
// a row at the stop point refers to is on disk at that point. The files are hard-linked (the
// versions are never modified) once just before the stop point and once just after, tmp/ before
// buckets/ each time since a file only moves from tmp/ into buckets/: a version then in either
// place is in the archive. Extra files (deleted or not yet committed) are harmless: a start
// finishes the uploads whose row exists and sweeps files no row refers to.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, copyFile, link, lstat, mkdir, readdir, readFile, rename } from 'node:fs/promises'
import { realpath, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { create } from 'tar'
import { readRunningState } from '../cli/status.ts'
import { loadProjectConfig } from '../config/project-config.ts'
import { startEmbeddedPostgres } from '../db/embedded.ts'
import type { EmbeddedServer } from '../db/embedded.ts'
import { chooseEngine } from '../db/engine.ts'
import { readPostmasterPid, isRunning } from '../db/orphan.ts'
import type { Logger } from '../logger.ts'
import { databasePassword } from '../serve/secrets.ts'
import { SETTINGS_FILE } from '../serve/settings.ts'
import { copyCluster } from './cluster-backup.ts'
import { freePort } from '../http/ports.ts'

export const BACKUP_FORMAT = 'chorus-backup'
export const BACKUP_VERSION = 1
/** chorus-backup-20261124T013000Z.tar.gz (and -2, -3 … when one second holds several). */
export const BACKUP_NAME = /^chorus-backup-(\d{8}T\d{6}Z)(-\d+)?\.tar\.gz$/

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  projectId: string
  /** The cluster's folder in the data folder (pgdata, pgdata-system-15) and its major version. */
  cluster: { folder: string; major: number; stopLsn: string }
  /** Counts, for the log and for checks. */
  storageFiles: number
  dataFiles: string[]
}

export class BackupError extends Error {
  override name = 'BackupError'
}

export interface BackupOptions {
  workdir: string
  dataDir: string
  /** The archive to write; default <dataDir>/backups/chorus-backup-<UTC stamp>.tar.gz. */
  output?: string
  postgresBin?: string
  /** serve's settings file when it is kept outside the data folder (--config): archived too. */
  settingsFile?: string | null
  log: Logger
}

/** Data-folder entries that are not "the rest of the data folder". */
const NOT_DATA_FILES =
  /^(pgdata(-[a-z0-9-]+)?|backups|storage|stack\.json|control\.json|\.restore-.*)$/

export async function takeBackup(
  options: BackupOptions
): Promise<{ file: string; manifest: BackupManifest }> {
  const { log } = options
  const dataDir = path.resolve(options.dataDir)
  const config = await loadProjectConfig(options.workdir)
  const server = await findServer(dataDir, options, config.supabaseDir)
  const backups = path.join(dataDir, 'backups')
  await mkdir(backups, { recursive: true, mode: 0o700 })
  const staging = path.join(backups, `.partial-${randomBytes(6).toString('hex')}`)
  const output = path.resolve(options.output ?? (await defaultName(backups)))
  const sql = postgres(server.url, { max: 1, onnotice: () => {} })
  try {
    await mkdir(staging, { mode: 0o700 })
    const storage = path.join(dataDir, 'storage')
    let storageFiles = 0
    const linkStorage = async () => {
      storageFiles = await linkTree(storage, path.join(staging, 'storage'), ['tmp', 'buckets'])
    }
    const copied = await copyCluster(sql, server.cluster, path.join(staging, 'cluster'), {
      beforeStop: linkStorage,
      afterStop: linkStorage,
    })
    const dataFiles = await copyDataFiles(dataDir, path.join(staging, 'files'))
    // A settings file kept elsewhere comes back as the restored folder's own chorus.env.
    const settings = options.settingsFile && path.resolve(options.settingsFile)
    if (settings && path.dirname(settings) !== dataDir && !dataFiles.includes(SETTINGS_FILE)) {
      await mkdir(path.join(staging, 'files'), { recursive: true, mode: 0o700 })
      await copyFile(settings, path.join(staging, 'files', SETTINGS_FILE))
      await chmod(path.join(staging, 'files', SETTINGS_FILE), 0o600)
      dataFiles.push(SETTINGS_FILE)
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      projectId: config.projectId,
      cluster: { folder: server.folder, major: copied.major, stopLsn: copied.stopLsn },
      storageFiles,
      dataFiles,
    }
    await writeFile(
      path.join(staging, 'chorus-backup.json'),
      `${JSON.stringify(manifest, null, 2)}\n`
    )
    const partial = `${output}.partial`
    await mkdir(path.dirname(output), { recursive: true })
    await create({ gzip: { level: 3 }, cwd: staging, portable: true, file: partial }, [
      'chorus-backup.json',
      'cluster',
      ...(existsSync(path.join(staging, 'storage')) ? ['storage'] : []),
      ...(existsSync(path.join(staging, 'files')) ? ['files'] : []),
    ])
    // It holds password hashes, signing keys and secrets: for its owner only.
    await chmod(partial, 0o600)
    await rename(partial, output)
    log.info(`Backup written to ${output} (${(await stat(output)).size} bytes)`)
    return { file: output, manifest }
  } finally {
    await sql.end({ timeout: 2 }).catch(() => undefined)
    await server.release()
    await rm(staging, { recursive: true, force: true })
  }
}

interface FoundServer {
  url: string
  /** The cluster's real folder. */
  cluster: string
  folder: string
  release(): Promise<void>
}

/** The running stack's PostgreSQL, or the data folder's cluster started for the backup. */
async function findServer(
  dataDir: string,
  options: BackupOptions,
  supabaseDir: string
): Promise<FoundServer> {
  const state = await readRunningState(dataDir)
  if (state) {
    const port = Number(new URL(state.dbUrl).port)
    for (const folder of await clusterFolders(dataDir)) {
      const cluster = await realpath(path.join(dataDir, folder))
      const owner = await readPostmasterPid(cluster)
      if (owner && owner.port === port && isRunning(owner.pid)) {
        return { url: state.dbUrl, cluster, folder, release: async () => {} }
      }
    }
    throw new BackupError(
      `The stack running on ${dataDir} uses a database outside the data folder (DATABASE_URL); ` +
        `back that server up with its own tools (pg_dump).`
    )
  }
  const engine = await chooseEngine({
    migrationsDir: path.join(supabaseDir, 'migrations'),
    postgresBin: options.postgresBin,
    log: options.log,
  })
  const pgdata = path.join(dataDir, engine.folder)
  const cluster = await realpath(pgdata).catch(() => null)
  if (!cluster || !existsSync(path.join(cluster, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} to back up (no ${engine.folder}).`)
  }
  options.log.info(`No stack is running on ${dataDir}; starting its database for the backup`)
  const config = await loadProjectConfig(options.workdir)
  const server: EmbeddedServer = await startEmbeddedPostgres({
    pgdata,
    port: await freePort(),
    password: await databasePassword(dataDir),
    log: options.log,
    name: config.projectId,
    engine,
  })
  return {
    url: server.url,
    cluster: server.pgdata,
    folder: engine.folder,
    release: () => server.stop(),
  }
}

async function clusterFolders(dataDir: string): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => [] as string[])
  return names.filter((name) => /^pgdata(-[a-z0-9-]+)?$/.test(name)).sort()
}

async function defaultName(backups: string): Promise<string> {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  for (let n = 1; ; n++) {
    const name = path.join(backups, `chorus-backup-${stamp}${n === 1 ? '' : `-${n}`}.tar.gz`)
    if (!existsSync(name) && !existsSync(`${name}.partial`)) return name
  }
}

/** Hard-links (copies across file systems) every file of `parts` of `source` into `target`. */
async function linkTree(source: string, target: string, parts: string[]): Promise<number> {
  let count = 0
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(source, relative), { withFileTypes: true }).catch(
      () => []
    )
    for (const entry of entries) {
      const name = path.join(relative, entry.name)
      if (entry.isDirectory()) {
        await walk(name)
        continue
      }
      if (!entry.isFile()) continue
      const to = path.join(target, name)
      await mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
      try {
        await link(path.join(source, name), to)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') continue // moved or deleted meanwhile: the other pass has it
        if (code === 'EEXIST') {
          count++
          continue
        }
        if (code !== 'EXDEV' && code !== 'EPERM') throw error
        const copied = await copyFile(path.join(source, name), to).then(
          () => true,
          (e: NodeJS.ErrnoException) => {
            if (e.code === 'ENOENT') return false
            throw e
          }
        )
        if (!copied) continue
      }
      count++
    }
  }
  for (const part of parts) await walk(part)
  return count
}

/** Every regular file of the data folder that is neither the cluster nor transient. */
async function copyDataFiles(dataDir: string, target: string): Promise<string[]> {
  const copied: string[] = []
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(dataDir, relative), { withFileTypes: true })) {
      const name = relative ? path.join(relative, entry.name) : entry.name
      if (!relative && NOT_DATA_FILES.test(entry.name)) continue
      if (/^\.pgpass-|\.(tmp|partial|lock)$/.test(entry.name)) continue
      const info = await lstat(path.join(dataDir, name))
      if (info.isDirectory()) await walk(name)
      else if (info.isFile()) {
        await mkdir(path.dirname(path.join(target, name)), { recursive: true, mode: 0o700 })
        await writeFile(path.join(target, name), await readFile(path.join(dataDir, name)), {
          mode: info.mode & 0o777,
        })
        copied.push(name)
      }
    }
  }
  await walk('')
  return copied.sort()
}

/** Deletes the oldest chorus-backup-*.tar.gz of `backups` beyond the newest `keep`. */
export async function pruneBackups(backups: string, keep: number): Promise<string[]> {
  const names = (await readdir(backups).catch(() => [] as string[]))
    .filter((name) => BACKUP_NAME.test(name))
    .sort(byAge)
  const removed = names.slice(0, Math.max(0, names.length - keep))
  for (const name of removed) await rm(path.join(backups, name), { force: true })
  return removed
}

function byAge(a: string, b: string): number {
  const [, stampA = '', suffixA = ''] = BACKUP_NAME.exec(a) ?? []
  const [, stampB = '', suffixB = ''] = BACKUP_NAME.exec(b) ?? []
  if (stampA !== stampB) return stampA < stampB ? -1 : 1
  return Number(suffixA.slice(1) || 1) - Number(suffixB.slice(1) || 1)
}
