// `db reset [--local] [--no-seed]`: recreates the running stack's database, applies the platform
// contract, the migrations and the seed, and restarts the services, as `supabase db reset`
// recreates the database container and restarts the others. This process asks the running
// `start` process (control.ts); that process stops its stack and starts it again with `--reset`
// on the same ports (resettable-stack.ts), so every service reads the new schema from scratch
// (REST's schema cache, Realtime's subscriptions, Storage's buckets) and clients reconnect as
// after a restart. This file does not load the stack: asking takes a second less CPU.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { callControl } from './control.ts'
import { refuseDeletingProduction } from './production-guard.ts'
import { readRunningState } from './status.ts'

export interface DbResetArgs {
  workdir: string
  dataDir: string
  noSeed: boolean
  /** --yes-delete-production-data: a production folder's database may be reset. */
  deleteProduction?: boolean
}

export async function dbReset(args: DbResetArgs): Promise<number> {
  const state = await readRunningState(args.dataDir)
  if (state?.mode === 'serve') {
    // serve has no control port: nothing can reset it while it runs, flag or not.
    process.stderr.write(
      `Error: the stack of ${args.workdir} runs in production mode (serve); db reset would delete its data.\n`
    )
    return 1
  }
  refuseDeletingProduction('db reset', args.dataDir, state, args.deleteProduction ?? false)
  if (!state || !existsSync(path.join(args.dataDir, 'control.json'))) {
    process.stderr.write(
      `No local stack is running for ${args.workdir}. Start one with: npm run backend -- start\n`
    )
    return 1
  }
  const say = (line: string) => process.stderr.write(`${line}\n`)
  const failure = await callControl(
    args.dataDir,
    'reset',
    args.noSeed ? { seed: 'false' } : {},
    say
  )
  if (failure !== null) {
    process.stderr.write(`Error: ${failure}\n`)
    return 1
  }
  say(`Finished supabase db reset on branch ${await gitBranch(args.workdir)}.`)
  return 0
}

/** The checked-out branch of the project's git repository, as the CLI names it; else main. */
async function gitBranch(workdir: string): Promise<string> {
  for (let dir = path.resolve(workdir); ; dir = path.dirname(dir)) {
    const head = await readFile(path.join(dir, '.git', 'HEAD'), 'utf8').catch(() => null)
    if (head !== null) return /^ref: refs\/heads\/(.+)$/m.exec(head)?.[1]?.trim() ?? 'main'
    if (path.dirname(dir) === dir) return 'main'
  }
}
