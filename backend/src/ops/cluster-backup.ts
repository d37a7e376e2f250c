// A physical backup of the running cluster, as pg_basebackup takes one, while people keep writing:
// PostgreSQL's backup API (pg_backup_start/pg_backup_stop) around a copy of the cluster's files,
// then the WAL from the backup's start to its stop, kept by a temporary replication slot. The
// embedded PostgreSQL ships no pg_dump, and a physical copy holds everything a team would lose
// (every schema, roles and their passwords, cron jobs, the migration history) exactly; it
// restores on the same PostgreSQL major. The restored cluster replays that WAL at its first start
// and ends consistent as of pg_backup_stop (which switches to a new WAL segment, so the last
// segment copied holds nothing later).
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sql } from 'postgres'

/** Folders whose contents are never copied (PostgreSQL's own list for base backups). */
const EMPTY_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_logical/snapshots',
  'pg_logical/mappings',
])
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'standby.signal',
  'recovery.signal',
])

export interface ClusterBackup {
  /** The WAL position the copy is consistent at. */
  stopLsn: string
  /** The server's major version. */
  major: number
}

/**
 * Copies the cluster `clusterDir` served by `sql` (a superuser connection of its own, held for
 * the whole backup) into `target`. `beforeStop` runs once the data files are copied and before
 * the backup's stop point; `afterStop` right after it (the stored files are linked around it).
 */
export async function copyCluster(
  sql: Sql,
  clusterDir: string,
  target: string,
  hooks: { beforeStop(): Promise<void>; afterStop(): Promise<void> }
): Promise<ClusterBackup> {
  const [info] = await sql<{ major: number; segment: string }[]>`
    select current_setting('server_version_num')::int / 10000 as major,
           (select setting from pg_settings where name = 'wal_segment_size') as segment`
  const major = info!.major
  const segmentSize = BigInt(info!.segment)
  const label = `chorus backup ${new Date().toISOString()}`
  // The slot keeps every WAL segment from here on until this session ends.
  await sql`select pg_create_physical_replication_slot(${`chorus_backup_${process.pid}_${Date.now()}`}, true, true)`
  if (major >= 15) await sql`select pg_backup_start(${label}, true)`
  else await sql`select pg_start_backup(${label}, true, false)`
  let stopped = false
  try {
    await copyTree(clusterDir, target, '')
    // pg_control last: it must be at least as new as every data file copied before it.
    await copyFile(
      path.join(clusterDir, 'global', 'pg_control'),
      path.join(target, 'global', 'pg_control')
    )
    await hooks.beforeStop()
    const [stop] =
      major >= 15
        ? await sql<{ lsn: string; labelfile: string; spcmapfile: string | null }[]>`
            select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)`
        : await sql<{ lsn: string; labelfile: string; spcmapfile: string | null }[]>`
            select lsn::text, labelfile, spcmapfile from pg_stop_backup(false, false)`
    stopped = true
    await hooks.afterStop()
    await writeFile(path.join(target, 'backup_label'), stop!.labelfile)
    if (stop!.spcmapfile) await writeFile(path.join(target, 'tablespace_map'), stop!.spcmapfile)
    await copyWal(clusterDir, target, stop!.labelfile, stop!.lsn, segmentSize)
    return { stopLsn: stop!.lsn, major }
  } finally {
    if (!stopped) {
      const abort =
        major >= 15 ? sql`select pg_backup_stop(false)` : sql`select pg_stop_backup(false, false)`
      await abort.catch(() => undefined)
    }
  }
}

async function copyTree(source: string, target: string, relative: string): Promise<void> {
  await mkdir(path.join(target, relative), { recursive: true, mode: 0o700 })
  if (EMPTY_FOLDERS.has(relative)) return
  let entries
  try {
    entries = await readdir(path.join(source, relative), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('pgsql_tmp')) await copyTree(source, target, name)
      continue
    }
    if (!entry.isFile() || SKIPPED_FILES.has(name) || name === 'global/pg_control') continue
    if (entry.name.startsWith('pg_internal.init') || entry.name.startsWith('pgsql_tmp')) continue
    // A relation dropped while the copy runs is gone: its drop is in the WAL replayed later.
    await copyFile(path.join(source, name), path.join(target, name)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    })
  }
}

/** The WAL segments from the backup's start to the one holding its stop point, and timelines. */
async function copyWal(
  clusterDir: string,
  target: string,
  labelfile: string,
  stopLsn: string,
  segmentSize: bigint
): Promise<void> {
  const startFile = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1]
  if (!startFile) throw new Error('the backup label names no start WAL file')
  const perId = 0x1_0000_0000n / segmentSize
  const timeline = startFile.slice(0, 8)
  const first = BigInt(`0x${startFile.slice(8, 16)}`) * perId + BigInt(`0x${startFile.slice(16)}`)
  const [hi, lo] = stopLsn.split('/').map((part) => BigInt(`0x${part}`))
  const last = ((hi! << 32n) + lo! - 1n) / segmentSize
  const wal = path.join(target, 'pg_wal')
  await mkdir(path.join(wal, 'archive_status'), { recursive: true, mode: 0o700 })
  for (let segment = first; segment <= last; segment++) {
    const name = `${timeline}${hex8(segment / perId)}${hex8(segment % perId)}`
    await copyFile(path.join(clusterDir, 'pg_wal', name), path.join(wal, name))
  }
  for (const name of await readdir(path.join(clusterDir, 'pg_wal'))) {
    if (name.endsWith('.history'))
      await copyFile(path.join(clusterDir, 'pg_wal', name), path.join(wal, name))
  }
  await stat(path.join(wal, `${timeline}${hex8(last / perId)}${hex8(last % perId)}`))
}

function hex8(value: bigint): string {
  return value.toString(16).toUpperCase().padStart(8, '0')
}
