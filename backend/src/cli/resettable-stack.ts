// The stack the `start` (and `serve`) process runs, which `db reset` (db-reset.ts, through the
// control port) replaces by a new one on the same ports.
import type { Logger } from '../logger.ts'
import { startStack } from '../stack.ts'
import type { Stack, StackOptions } from '../stack.ts'
import type { ControlHandler } from './control.ts'

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
