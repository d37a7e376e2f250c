// Postgres changes on a channel: the join's bindings subscribed to the change feed after the
// join reply (a `system` message says whether they took), the caller's identity kept current
// when the token changes, and each change sent as a postgres_changes frame shared by channels
// with the same topic, ids and payload. This handler is the channel's sink in the feed.
import { encodeFastlane } from '../protocol/frames.ts'
import type { Vsn } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import { SYSTEM_MESSAGES } from '../errors.ts'
import type { ChangeSink, FrameCache, Identity } from '../changes/registry.ts'
import type { RealtimeEnv } from './env.ts'
import { fanOutFrame, textFrame } from './hub.ts'
import type { Frame } from './hub.ts'

/** What the postgres_changes handler needs of its channel. */
export interface ChangesChannel {
  readonly closed: boolean
  readonly topic: string
  readonly vsn: Vsn
  readonly config: JoinConfig
  identity(): Identity
  send(frame: Frame): void
  system(extension: 'postgres_changes', status: 'ok' | 'error', message: string): void
}

export type ChangesDeps = Pick<RealtimeEnv, 'feed' | 'log'>

export class PostgresChangesHandler implements ChangeSink {
  constructor(
    private readonly channel: ChangesChannel,
    private readonly deps: ChangesDeps
  ) {}

  get closed(): boolean {
    return this.channel.closed
  }

  identity(): Identity {
    return this.channel.identity()
  }

  /** After the join reply: the bindings, if the join asked for any. */
  subscribe(): void {
    const { channel, deps } = this
    if (channel.config.postgresChanges.length === 0) return
    void deps.feed
      .subscribe(this, channel.identity(), channel.config.postgresChanges)
      .then((result) => {
        if (result.ok) channel.system('postgres_changes', 'ok', SYSTEM_MESSAGES.subscribed)
        else channel.system('postgres_changes', 'error', result.message)
      })
      .catch((error) => deps.log.error('postgres_changes subscription failed', error))
  }

  /** The channel's token changed: row-level security checks use the new identity. */
  identityChanged(): void {
    this.deps.feed.updateIdentity(this, this.channel.identity())
  }

  unsubscribe(): void {
    this.deps.feed.unsubscribe(this)
  }

  deliverChange(idsJson: string, dataJson: string, dataKey: string, cache: FrameCache): void {
    const { channel } = this
    if (channel.closed) return
    const { vsn, topic } = channel
    const key = `${vsn}\u0000${topic}\u0000${idsJson}\u0000${dataKey}`
    let frame = cache.get(key) as Frame | undefined
    if (!frame) {
      const payload = `{"ids":${idsJson},"data":${dataJson}}`
      frame = fanOutFrame(textFrame(encodeFastlane(vsn, topic, 'postgres_changes', payload)))
      cache.set(key, frame)
    }
    channel.send(frame)
  }
}
