// `restore FILE`: a backup (backup.ts) back into an EMPTY data folder: the cluster where a start
// looks for it (under /var/lib/chorus as root from a private folder, as postgres-home.ts puts
// it), Storage's files, and the other files of the data folder (keys, secrets). The cluster is
// started once here, so that it replays the backup's WAL and is consistent before anyone uses
// it; `start` then runs on the folder as on any kept one: no reset, no seed.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, chown, cp, lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { extract } from 'tar'
import { readRunningState } from '../cli/status.ts'
import { removeClusters, startEmbeddedPostgres } from '../db/embedded.ts'
import { embeddedEngine, installedEngines } from '../db/engine.ts'
import type { Engine } from '../db/engine.ts'
import { clusterLocation, postgresUser } from '../db/postgres-home.ts'
import type { RunAs } from '../db/postgres-home.ts'
import type { Logger } from '../logger.ts'
import { databasePassword } from '../serve/secrets.ts'
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError } from './backup.ts'
import type { BackupManifest } from './backup.ts'
import { freePort } from '../http/ports.ts'

export interface RestoreOptions {
  file: string
  dataDir: string
  log: Logger
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { log } = options
  const file = path.resolve(options.file)
  const dataDir = path.resolve(options.dataDir)
  if (!existsSync(file)) throw new BackupError(`No backup file ${file}.`)
  await refuseUnlessEmpty(dataDir)
  await mkdir(dataDir, { recursive: true })
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`)
  await mkdir(staging, { mode: 0o700 })
  let placed = false
  try {
    try {
      await extract({ file, cwd: staging, strict: true })
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup (${(error as Error).message}).`)
    }
    const manifest = await readManifest(staging, file)
    const engine = engineFor(manifest)
    const runAs = await postgresUser()
    placed = true
    const pgdata = path.join(dataDir, manifest.cluster.folder)
    const cluster = await clusterLocation(pgdata, runAs, manifest.projectId)
    await moveInto(path.join(staging, 'cluster'), cluster)
    await own(cluster, runAs)
    await chmod(cluster, 0o700)
    if (existsSync(path.join(staging, 'storage'))) {
      await moveInto(path.join(staging, 'storage'), path.join(dataDir, 'storage'))
    }
    if (existsSync(path.join(staging, 'files'))) {
      for (const name of await readdir(path.join(staging, 'files'))) {
        await moveInto(path.join(staging, 'files', name), path.join(dataDir, name))
      }
    }
    log.info(`Replaying the backup's WAL in ${cluster}`)
    const server = await startEmbeddedPostgres({
      pgdata,
      port: await freePort(),
      password: await databasePassword(dataDir),
      log,
      name: manifest.projectId,
      engine,
    })
    await server.stop()
    if (server.created) throw new BackupError(`The restored cluster in ${cluster} was not found.`)
    return manifest
  } catch (error) {
    // Nothing half-restored stays behind: the folder held no database before.
    if (placed) {
      await removeClusters(dataDir)
      await rm(path.join(dataDir, 'storage'), { recursive: true, force: true })
    }
    throw error
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

async function refuseUnlessEmpty(dataDir: string): Promise<void> {
  if (await readRunningState(dataDir)) {
    throw new BackupError(
      `A stack is running on ${dataDir}. Restore goes into an empty data folder: stop it, or ` +
        `choose another with --data-dir.`
    )
  }
  const names = await readdir(dataDir).catch(() => [] as string[])
  const held = names.filter((name) => /^pgdata(-[a-z0-9-]+)?$/.test(name))
  const buckets = await readdir(path.join(dataDir, 'storage', 'buckets')).catch(() => [])
  if (held.length > 0 || buckets.length > 0) {
    throw new BackupError(
      `The data folder ${dataDir} already holds a database (${[...held, ...(buckets.length > 0 ? ['storage'] : [])].join(', ')}); ` +
        `nothing was changed. Restore into an empty data folder: choose another with --data-dir, ` +
        `or delete this one first (npm run backend -- stop --no-backup).`
    )
  }
}

async function readManifest(staging: string, file: string): Promise<BackupManifest> {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(await readFile(path.join(staging, 'chorus-backup.json'), 'utf8'))
  } catch {
    throw new BackupError(`${file} is not a Chorus backup (no chorus-backup.json in it).`)
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.cluster?.folder !== 'string') {
    throw new BackupError(`${file} is not a Chorus backup (chorus-backup.json is not one).`)
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} was written by a newer Chorus (backup format ${manifest.version}); restore it with that version.`
    )
  }
  if (
    !/^pgdata(-[a-z0-9-]+)?$/.test(manifest.cluster.folder) ||
    !existsSync(path.join(staging, 'cluster', 'PG_VERSION'))
  ) {
    throw new BackupError(`${file} is not a whole Chorus backup (its cluster is missing).`)
  }
  return manifest
}

function engineFor(manifest: BackupManifest): Engine {
  const { folder, major } = manifest.cluster
  const engine =
    folder === 'pgdata' ? embeddedEngine() : installedEngines().find((e) => e.folder === folder)
  if (!engine || engine.major !== major) {
    throw new BackupError(
      `This backup's database runs on PostgreSQL ${major} (${folder}), which is not installed here` +
        `${folder === 'pgdata' ? '' : ` (apt-get install postgresql-${major})`}; nothing was changed.`
    )
  }
  return engine
}

/** Moves a file or folder to `target` (which must not exist), across file systems too. */
async function moveInto(source: string, target: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  try {
    await rename(source, target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await cp(source, target, { recursive: true, preserveTimestamps: true })
    await rm(source, { recursive: true, force: true })
  }
}

async function own(dir: string, runAs: RunAs | null): Promise<void> {
  if (!runAs) return
  await chown(dir, runAs.uid, runAs.gid)
  for (const entry of await readdir(dir)) {
    const full = path.join(dir, entry)
    if ((await lstat(full)).isDirectory()) await own(full, runAs)
    else await chown(full, runAs.uid, runAs.gid)
  }
}
