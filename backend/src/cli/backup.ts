// `backup [--output FILE]` and `restore FILE`: one archive of everything a team would lose, and
// back into an empty data folder (ops/backup.ts, ops/restore.ts).
import { takeBackup } from '../ops/backup.ts'
import { restoreBackup } from '../ops/restore.ts'
import { createLogger } from '../logger.ts'

export async function backupCommand(options: {
  workdir: string
  dataDir: string
  output: string | undefined
  postgresBin: string | undefined
}): Promise<number> {
  const { file, manifest } = await takeBackup({ ...options, log: createLogger() })
  process.stdout.write(
    `Backed up the database (${manifest.cluster.folder}, PostgreSQL ${manifest.cluster.major}), ` +
      `${manifest.storageFiles} stored files and ${manifest.dataFiles.length} other files to:\n${file}\n`
  )
  return 0
}

export async function restoreCommand(options: {
  file: string | undefined
  dataDir: string
}): Promise<number> {
  if (!options.file) {
    process.stderr.write('Usage: npm run backend -- restore FILE [--data-dir DIR]\n')
    return 1
  }
  const manifest = await restoreBackup({ ...options, file: options.file, log: createLogger() })
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${options.dataDir}. ` +
      `Start the stack on it: npm run backend -- start\n`
  )
  return 0
}
