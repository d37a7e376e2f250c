// `backup [--output FILE]` and `restore FILE`: one archive of everything a team would lose, and
// back into an empty data folder (ops/backup.ts, ops/restore.ts). Both read serve's settings
// file (DATA_DIR/chorus.env, or --config) as serve does, refusing it the same way: backup
// archives one kept outside the data folder (restored as the folder's chorus.env), and restore
// says how to serve what it restored.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { takeBackup } from '../ops/backup.ts'
import { restoreBackup } from '../ops/restore.ts'
import { createLogger } from '../logger.ts'
import { SECRETS_FILE } from '../serve/secrets.ts'
import { loadSettings, settingsPath } from '../serve/settings.ts'

export async function backupCommand(options: {
  workdir: string
  dataDir: string
  output: string | undefined
  postgresBin: string | undefined
  config?: string
}): Promise<number> {
  const settings = await loadSettings(
    settingsPath(path.resolve(options.dataDir), options.config),
    options.config !== undefined
  )
  const { file, manifest } = await takeBackup({
    ...options,
    settingsFile: settings.file,
    log: createLogger(),
  })
  process.stdout.write(
    `Backed up the database (${manifest.cluster.folder}, PostgreSQL ${manifest.cluster.major}), ` +
      `${manifest.storageFiles} stored files and ${manifest.dataFiles.length} other files to:\n${file}\n`
  )
  return 0
}

export async function restoreCommand(options: {
  file: string | undefined
  dataDir: string
  config?: string
}): Promise<number> {
  if (!options.file) {
    process.stderr.write('Usage: npm run backend -- restore FILE [--data-dir DIR]\n')
    return 1
  }
  const dataDir = path.resolve(options.dataDir)
  // A settings file given is checked before anything is restored.
  if (options.config !== undefined) await loadSettings(settingsPath(dataDir, options.config), true)
  const manifest = await restoreBackup({ ...options, file: options.file, log: createLogger() })
  const restored = `Restored the backup of ${manifest.createdAt} into ${options.dataDir}.`
  if (!existsSync(path.join(dataDir, SECRETS_FILE))) {
    process.stdout.write(`${restored} Start the stack on it: npm run backend -- start\n`)
    return 0
  }
  // A production backup: served again with its own keys, never with start's demo keys.
  const settings = await loadSettings(
    settingsPath(dataDir, options.config),
    options.config !== undefined
  )
  const where = settings.file
    ? ` (settings from ${settings.file}${settings.publicUrl ? `: ${settings.publicUrl}` : ''})`
    : ''
  process.stdout.write(
    `${restored} Serve it with its own keys${where}: npm run serve -- --data-dir ${dataDir}` +
      `${options.config ? ` --config ${path.resolve(options.config)}` : ''}\n`
  )
  return 0
}
