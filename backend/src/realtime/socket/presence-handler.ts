// Presence on a channel (the real server's presence_handler.ex): `track` and `untrack` events
// within the per-channel and tenant-wide rates, the track payload bounded and, on a private
// channel, allowed by the write policy; the topic's state after the join and when tracking turns
// presence on. The topic's entries and diffs live in the hub.
import { encodeAround } from '../protocol/frames.ts'
import type { Message } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import { isObject } from '../protocol/join-config.ts'
import { PRESENCE_NOT_A_MAP, SYSTEM_MESSAGES } from '../errors.ts'
import type { RealtimeEnv } from './env.ts'
import { textFrame } from './hub.ts'
import type { Member } from './hub.ts'
import { RateWindow } from './limits.ts'
import type { Extension } from './private-auth.ts'

type Request = Pick<Message, 'joinRef' | 'ref' | 'topic'>

/** What the presence handler needs of its channel (the hub's member itself). */
export interface PresenceChannel extends Member {
  readonly closed: boolean
  readonly key: string
  readonly presenceKey: string
  readonly config: JoinConfig
  readonly joinRef: Message['joinRef']
  reply(request: Request, status: 'ok' | 'error', response: unknown): void
  authorizeWrite(extension: Extension): Promise<boolean>
}

export type PresenceDeps = Pick<RealtimeEnv, 'hub' | 'limits' | 'presenceRate'>

export class PresenceHandler {
  private on: boolean
  /** This channel's track/untrack calls (CLIENT_PRESENCE_MAX_CALLS per window). */
  private readonly calls: RateWindow

  constructor(
    private readonly channel: PresenceChannel,
    private readonly deps: PresenceDeps
  ) {
    this.on = channel.config.presence.enabled
    this.calls = new RateWindow(
      deps.limits.clientPresenceMaxCalls,
      deps.limits.clientPresenceWindowMs
    )
  }

  /** Presence is on: joined with `presence.enabled`, or tracked since. */
  get enabled(): boolean {
    return this.on
  }

  /**
   * The topic's presence state, to a channel that receives presence ([join_ref, null, topic,
   * "presence_state", state]); the state's JSON is the hub's, encoded once per change.
   */
  sync(): void {
    const { channel, deps } = this
    if (!channel.receivesPresence) return
    const state = deps.hub.presenceStateJson(channel.key)
    const { vsn, joinRef, topic } = channel
    channel.send(textFrame(encodeAround(vsn, joinRef, null, topic, 'presence_state', state)))
  }

  handle(message: Message): void | Promise<void> {
    const { channel, deps } = this
    const payload = isObject(message.payload) ? message.payload : {}
    if (!this.calls.take()) return channel.shutdown(SYSTEM_MESSAGES.presenceRateLimited)
    if (!deps.presenceRate.take()) return channel.shutdown(SYSTEM_MESSAGES.presencePerSecond)
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : ''
    if (event === 'untrack') {
      deps.hub.untrack(channel.key, channel)
      channel.reply(message, 'ok', {})
      return
    }
    if (event !== 'track') {
      channel.reply(message, 'error', { reason: `Unknown presence event: ${event}` })
      return
    }
    const fields = payload.payload
    if (!isObject(fields)) {
      channel.reply(message, 'error', { reason: PRESENCE_NOT_A_MAP })
      return
    }
    if (Buffer.byteLength(JSON.stringify(fields)) > deps.limits.maxPayloadBytes) {
      return channel.shutdown(SYSTEM_MESSAGES.trackTooLarge)
    }
    const track = (allowed: boolean) => {
      if (channel.closed) return
      if (!allowed) {
        channel.reply(message, 'error', {})
        return
      }
      const wasOn = this.on
      this.on = true
      deps.hub.track(channel.key, channel, channel.presenceKey, fields)
      channel.reply(message, 'ok', {})
      // Tracking turns presence on for this channel; it then needs the state to apply diffs.
      if (!wasOn) this.sync()
    }
    if (!channel.config.private) return track(true)
    return channel.authorizeWrite('presence').then(track)
  }
}
