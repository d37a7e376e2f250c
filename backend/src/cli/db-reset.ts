// `db reset [--local] [--no-seed]`: recreates the running stack's database, applies the platform
// contract, the migrations and the seed, and restarts the services, as `supabase db reset`
// recreates the database container and restarts the others. This process asks the running
// `start` process (control.ts); that process stops its stack and starts it again with `--reset`
// on the same ports, so every service reads the new schema from scratch (REST's schema cache,
// Realtime's subscriptions, Storage's buckets) and clients reconnect as after a restart.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { startStack } from '../stack.ts'
import type { Stack, StackOptions } from '../stack.ts'
import type { Logger } from '../logger.ts'
import { callControl } from './control.ts'
import { refuseDeletingProduction } from './production-guard.ts'
import type { ControlHandler } from './control.ts'
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

/**
 * The stack the `start` process runs, which a reset replaces by a new one on the same ports.
 * `lost` resolves with a message when the stack is gone for good: its PostgreSQL stopped on its
 * own, or a reset could not start it again.
 */
export class ResettableStack {
  readonly lost: Promise<string>
  private resolveLost!: (message: string) => void

  constructor(
    public stack: Stack | null,
    private readonly options: StackOptions,
    private readonly log: Logger,
    /** Told of every replacement (null while the stack is down). */
    private readonly onChange: (stack: Stack | null) => void
  ) {
    this.lost = new Promise((resolve) => (this.resolveLost = resolve))
    if (stack) this.watch(stack)
  }

  private underway: Promise<void> = Promise.resolve()

  /** Resolves once no reset is under way. */
  idle(): Promise<void> {
    return this.underway
  }

  /** The control handler of `db reset`. */
  readonly reset: ControlHandler = (say, params) => {
    const run = this.run(say, params)
    this.underway = run.catch(() => undefined)
    return run
  }

  private async run(say: (line: string) => void, params: URLSearchParams): Promise<void> {
    const old = this.stack
    if (!old) throw new Error('the stack is not running')
    const port = (url: string | null) => (url ? Number(new URL(url).port) : undefined)
    const config =
      params.get('seed') === 'false'
        ? {
            ...old.config,
            db: { ...old.config.db, seed: { ...old.config.db.seed, enabled: false } },
          }
        : undefined
    say('Resetting local database...')
    this.set(null)
    await old.stop()
    say('Recreating database...')
    say('Initialising schema...')
    try {
      const stack = await startStack({
        ...this.options,
        ...(config ? { config } : {}),
        reset: true,
        apiPort: port(old.apiUrl),
        dbPort: old.embedded ? port(old.dbUrl) : this.options.dbPort,
        inboxPort: port(old.inboxUrl) ?? this.options.inboxPort,
        inboxSmtpPort: old.inboxSmtpPort ?? this.options.inboxSmtpPort,
        appPort: port(old.appUrl) ?? this.options.appPort,
        log: relay(this.log, say),
      })
      this.set(stack)
      this.watch(stack)
    } catch (error) {
      this.resolveLost(`the reset could not start the stack again: ${(error as Error).message}`)
      throw error
    }
    say('Restarting services...')
  }

  private set(stack: Stack | null): void {
    this.stack = stack
    this.onChange(stack)
  }

  private watch(stack: Stack): void {
    void stack.embedded?.exited.then(() => {
      if (this.stack === stack) this.resolveLost('PostgreSQL stopped unexpectedly')
    })
  }
}

/** The stack's log, with the lines the CLI shows during a reset also sent to the caller. */
function relay(log: Logger, say: (line: string) => void): Logger {
  const shown = /^(Applying migration|Seeding data from)/
  return {
    ...log,
    info: (message, detail) => {
      if (shown.test(message))
        say(message.replace(/^Seeding data from (?!supabase\/)/, 'Seeding data from supabase/'))
      log.info(message, detail)
    },
  }
}
