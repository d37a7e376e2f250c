// `stop [--no-backup]`: stops the stack running on the data folder (SIGINT to its process); with
// --no-backup also deletes its database and stored files (as `supabase stop --no-backup` does),
// which a production folder refuses without --yes-delete-production-data (production-guard.ts).
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { removeClusters } from '../db/embedded.ts'
import { refuseDeletingProduction } from './production-guard.ts'
import { readRunningState } from './status.ts'

export async function stop(args: {
  workdir: string
  dataDir: string
  noBackup: boolean
  deleteProduction: boolean
}): Promise<number> {
  const state = await readRunningState(args.dataDir)
  if (args.noBackup) {
    refuseDeletingProduction('stop --no-backup', args.dataDir, state, args.deleteProduction)
  }
  if (state) {
    process.kill(state.pid, 'SIGINT')
    process.stdout.write(`Stopping the local stack (pid ${state.pid}).\n`)
  } else if (!args.noBackup) {
    process.stderr.write(`No local stack is running for ${args.workdir}.\n`)
  }
  if (args.noBackup) {
    if (state) await waitForExit(state.pid)
    await deleteData(args.dataDir)
    process.stdout.write(`Deleted the local data in ${args.dataDir}.\n`)
  }
  return 0
}

async function waitForExit(pid: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The data folder's database (wherever it lives) and files; its backups/ stay, if any. */
async function deleteData(dataDir: string): Promise<void> {
  await removeClusters(dataDir)
  const names = await readdir(dataDir).catch(() => [] as string[])
  if (!names.includes('backups')) return rm(dataDir, { recursive: true, force: true })
  for (const name of names.filter((n) => n !== 'backups')) {
    await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}
