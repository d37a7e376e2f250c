// Broadcasts a client sends on its channel (the real server's broadcast_handler.ex): a JSON
// push or a binary user broadcast, bounded by the tenant's payload size, allowed by the write
// policy on a private channel (a denied one is dropped silently), acknowledged when the channel
// joined with `broadcast.ack`, and delivered to the topic except the sender unless `self`. A
// broadcast and its deliveries count against the sender's connection first (its own limit: over
// it, the sender alone is cut off and nothing is delivered), then against the stack's rate.
import type { Message, UserBroadcastPush } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import { isObject } from '../protocol/join-config.ts'
import { PAYLOAD_TOO_LARGE } from '../errors.ts'
import type { RealtimeEnv } from './env.ts'
import { jsonBroadcast } from './hub.ts'
import type { BroadcastMessage, Member } from './hub.ts'
import type { Extension } from './private-auth.ts'

type Request = Pick<Message, 'joinRef' | 'ref' | 'topic'>

/** What the broadcast handler needs of its channel (the hub's member itself). */
export interface BroadcastingChannel extends Member {
  readonly closed: boolean
  readonly key: string
  readonly subTopic: string
  readonly config: JoinConfig
  reply(request: Request, status: 'ok' | 'error', response: unknown): void
  /** The write permission already known (null until the policies were asked). */
  knownWrite(extension: Extension): boolean | null
  authorizeWrite(extension: Extension): Promise<boolean>
  /** Counts messages against the connection's own limit; false once over it (cut off). */
  charge(count: number): boolean
}

export type BroadcastDeps = Pick<RealtimeEnv, 'hub' | 'log' | 'limits'>

export class BroadcastHandler {
  constructor(
    private readonly channel: BroadcastingChannel,
    private readonly deps: BroadcastDeps
  ) {}

  /** A `broadcast` event: {type, event, payload} as JSON. */
  handle(message: Message): void | Promise<void> {
    const payload = message.payload
    if (!isObject(payload)) return
    const json = JSON.stringify(payload)
    const event = typeof payload.event === 'string' ? payload.event : ''
    return this.broadcast(message, Buffer.byteLength(json), { json, binary: null }, event)
  }

  /** A binary user broadcast (vsn 2.0.0 kind 3), its payload JSON or bytes. */
  handleUserBroadcast(push: UserBroadcastPush): void | Promise<void> {
    let json: string | null = null
    if (push.encoding === 'json') {
      const text = push.payload.toString('utf8')
      try {
        JSON.parse(text)
      } catch {
        this.deps.log.debug(`ignoring a broadcast with invalid JSON on ${this.channel.topic}`)
        return
      }
      json = jsonBroadcast(push.userEvent, text).json
    }
    const message: BroadcastMessage = {
      json,
      binary: {
        event: push.userEvent,
        // The push's metadata (e.g. persist) is for the server; subscribers get none.
        metadata: '',
        encoding: push.encoding,
        payload: push.payload,
      },
    }
    const request = { joinRef: push.joinRef, ref: push.ref, topic: push.topic }
    return this.broadcast(request, push.payload.length, message, push.userEvent)
  }

  /** Synchronous while the write permission is known, so the next frame need not wait. */
  private broadcast(
    request: Request,
    size: number,
    message: BroadcastMessage,
    event: string
  ): void | Promise<void> {
    const { channel, deps } = this
    const ack = channel.config.broadcast.ack
    if (size > deps.limits.maxPayloadBytes) {
      if (ack) channel.reply(request, 'error', { error: PAYLOAD_TOO_LARGE })
      return
    }
    const deliver = (allowed: boolean) => {
      if (channel.closed) return
      if (allowed) {
        const except = channel.config.broadcast.self ? null : channel
        if (!channel.charge(1 + deps.hub.audience(channel.key, except))) return
        deps.hub.broadcast(channel.key, message, except)
      } else deps.log.debug(`dropping a broadcast (${event}) not allowed on ${channel.subTopic}`)
      if (ack) channel.reply(request, 'ok', {})
    }
    const known = channel.knownWrite('broadcast')
    if (known !== null) return deliver(known)
    return channel.authorizeWrite('broadcast').then(deliver)
  }
}
