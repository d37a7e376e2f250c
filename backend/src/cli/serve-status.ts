// What `status` adds for a serve-mode stack: how long it has run, the disk its data folder uses
// (the cluster too when it lives elsewhere, as root from a private folder), and the newest backup
// in <dataDir>/backups/ (chorus-backup-<UTC timestamp>.*, written by `backup`); and what its
// settings file says (never the SMTP password).
import { lstat, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { loadSettings, settingsPath } from '../serve/settings.ts'

export interface SettingsFacts {
  SETTINGS_FILE: string
  SMTP_SERVER: string
  BACKUPS: string
  SIGNUP: string
}

/** The settings file (DATA_DIR/chorus.env or --config) as serve reads it: refused the same way. */
export async function settingsFacts(
  dataDir: string,
  config: string | undefined
): Promise<SettingsFacts> {
  const settings = await loadSettings(settingsPath(dataDir, config), config !== undefined)
  const smtp = settings.smtp
  return {
    SETTINGS_FILE: settings.file ?? 'none',
    SMTP_SERVER: smtp ? `${smtp.host}:${smtp.port}${smtp.user ? ` as ${smtp.user}` : ''}` : 'none',
    BACKUPS: settings.backupEvery
      ? `every ${settings.backupEvery}, keeping ${settings.backupKeep ?? 7}`
      : 'none',
    SIGNUP:
      settings.signupClosed === undefined ? 'unset' : settings.signupClosed ? 'closed' : 'open',
  }
}

export interface ServeFacts {
  UPTIME: string
  DISK_USE: string
  LAST_BACKUP: string
}

export async function serveFacts(
  dataDir: string,
  startedAt: string,
  now = Date.now()
): Promise<ServeFacts> {
  return {
    UPTIME: duration(now - Date.parse(startedAt)),
    DISK_USE: `${size(await diskUse(dataDir, true))} in ${dataDir}`,
    LAST_BACKUP: await lastBackup(path.join(dataDir, 'backups')),
  }
}

/** 3d 4h 5m, 4h 5m, 5m 6s. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const [d, h, m] = [
    Math.floor(s / 86400),
    Math.floor((s % 86400) / 3600),
    Math.floor((s % 3600) / 60),
  ]
  if (d > 0) return `${d}d ${h}h ${m}m`
  if (h > 0) return `${h}h ${m}m`
  return `${m}m ${s % 60}s`
}

export function size(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`
}

/** Bytes on disk under `dir`; at the top, a link to a cluster kept elsewhere is followed. */
async function diskUse(dir: string, top: boolean): Promise<number> {
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch {
    return 0
  }
  let total = 0
  for (const name of entries) {
    const file = path.join(dir, name)
    const info = await lstat(file).catch(() => null)
    if (!info) continue
    if (info.isSymbolicLink() && top && name.startsWith('pgdata')) {
      total += await diskUse(file, false)
    } else if (info.isDirectory()) {
      total += await diskUse(file, false)
    } else if (info.isFile()) {
      total += info.blocks * 512
    }
  }
  return total
}

/** The newest chorus-backup-* file and when it was written, or "none". */
async function lastBackup(dir: string): Promise<string> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) =>
    n.startsWith('chorus-backup-')
  )
  let newest: { name: string; at: number } | null = null
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null)
    if (info && (!newest || info.mtimeMs > newest.at)) newest = { name, at: info.mtimeMs }
  }
  if (!newest) return 'none'
  return `${path.join(dir, newest.name)} (${new Date(newest.at).toISOString()})`
}
