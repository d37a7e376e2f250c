// Scheduled backups of a running stack (`start --backup-every 24h --backup-keep 7`, or
// CHORUS_BACKUP_EVERY / CHORUS_BACKUP_KEEP, which serve also reads from its settings file): every
// period a backup into <dataDir>/backups, then the oldest beyond the count deleted. config.toml
// is the Supabase CLI's, so the setting is a flag, not a config key. A failing backup is logged and the next one
// is tried on time: it never stops the stack.
import path from 'node:path'
import { parseGoDuration } from '../auth/go-duration.ts'
import type { Logger } from '../logger.ts'
import { pruneBackups, takeBackup } from './backup.ts'

export interface BackupSchedule {
  everyMs: number
  keep: number
}

/** Reads the flags (or the environment); null when no schedule is asked for. */
export function parseBackupSchedule(
  every: string | undefined,
  keep: string | undefined
): BackupSchedule | null {
  const period = every ?? process.env.CHORUS_BACKUP_EVERY
  const count = keep ?? process.env.CHORUS_BACKUP_KEEP
  if (!period) {
    if (count) throw scheduleError('--backup-keep needs --backup-every (e.g. --backup-every 24h)')
    return null
  }
  const parsed = parseGoDuration(period)
  if (!parsed.ok || parsed.ms < 1000) {
    throw scheduleError(
      `--backup-every ${period}: give a period of a second or more, such as 24h, 6h or 30m`
    )
  }
  const kept = count === undefined ? 7 : Number(count)
  if (!Number.isInteger(kept) || kept < 1) {
    throw scheduleError(`--backup-keep ${count}: give how many backups to keep, 1 or more`)
  }
  return { everyMs: parsed.ms, keep: kept }
}

function scheduleError(message: string): Error {
  return Object.assign(new Error(message), { name: 'ConfigError' })
}

export function startBackupSchedule(
  schedule: BackupSchedule,
  target: { workdir: string; dataDir: string; postgresBin?: string; settingsFile?: string | null },
  log: Logger
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  let stopped = false
  const run = async () => {
    try {
      const { file } = await takeBackup({ ...target, log })
      const removed = await pruneBackups(
        path.join(path.resolve(target.dataDir), 'backups'),
        schedule.keep
      )
      log.info(
        `Scheduled backup: ${file}${removed.length > 0 ? `; deleted the oldest: ${removed.join(', ')}` : ''}`
      )
    } catch (error) {
      log.error(`Scheduled backup failed: ${(error as Error).message}`)
    }
  }
  const timer = setInterval(() => {
    if (stopped || running) return // one at a time: a backup still going skips its turn
    running = run().finally(() => (running = null))
  }, schedule.everyMs)
  log.info(
    `Backups every ${schedule.everyMs / 1000} s into ${path.join(target.dataDir, 'backups')}, keeping ${schedule.keep}`
  )
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
