// Private channels keep their permission only while the policies still grant it: every
// `privateRecheckMs` (1 s by default) the read policies of every open private channel are
// checked again, all in one rolled-back transaction, and a channel whose caller may no longer
// read the topic is closed with the real server's message. Write permission learned since the
// last check is forgotten, so the next send or track asks the policies again. Hosted Realtime
// keeps a channel's authorization until its token changes; this stack is stricter.
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logger.ts'
import { readPoliciesOfMany } from './private-auth.ts'
import type { CallerScope, ReadPolicies } from './private-auth.ts'

/** What the re-check needs of an open private channel. */
export interface Rechecked {
  readonly closed: boolean
  readonly subTopic: string
  readonly scope: CallerScope
  /** The policies as they stand now. */
  reauthorized(policies: ReadPolicies): void
}

export class PrivateRecheck {
  private readonly channels = new Set<Rechecked>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly intervalMs: number
  ) {}

  add(channel: Rechecked): void {
    this.channels.add(channel)
    this.schedule()
  }

  delete(channel: Rechecked): void {
    this.channels.delete(channel)
  }

  /** One round of checks now (tests and the timer). */
  check(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null
      this.schedule()
    })
    return this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.running || this.channels.size === 0) return
    if (this.intervalMs <= 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.check()
    }, this.intervalMs)
    this.timer.unref()
  }

  private async round(): Promise<void> {
    const open = [...this.channels].filter((channel) => !channel.closed)
    for (const channel of this.channels) if (channel.closed) this.channels.delete(channel)
    if (open.length === 0) return
    try {
      const policies = await readPoliciesOfMany(this.db, open, this.log)
      if (!policies) return
      open.forEach((channel, index) => {
        const now = policies[index]
        if (now && !channel.closed) channel.reauthorized(now)
      })
    } catch (error) {
      this.log.error('re-checking private channels failed', error)
    }
  }
}
