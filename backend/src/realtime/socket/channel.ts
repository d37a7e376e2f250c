// A joined channel: broadcast, presence, access-token updates, leave, and the deliveries of the
// topic and of the change feed. Shutdowns follow the real server: a `system` error message,
// then phx_close.
import { encodeFastlane } from '../protocol/frames.ts'
import type { Message, Ref, UserBroadcastPush, Vsn } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import { isObject } from '../protocol/join-config.ts'
import {
  PAYLOAD_TOO_LARGE,
  PRESENCE_NOT_A_MAP,
  SYSTEM_MESSAGES,
  permissionRevoked,
} from '../errors.ts'
import type { FrameCache } from '../changes/registry.ts'
import { checkToken } from '../tokens.ts'
import type { VerifiedToken } from '../tokens.ts'
import type { Connection } from './connection.ts'
import { jsonBroadcast, textFrame } from './hub.ts'
import type { BroadcastMessage, Frame, Member } from './hub.ts'
import { RateWindow } from './limits.ts'
import { canWrite, readPolicies } from './private-auth.ts'
import type { CallerScope, Extension, ReadPolicies } from './private-auth.ts'
import { replay } from './replay.ts'

export interface Policies {
  broadcastRead: boolean
  presenceRead: boolean
  /** Learned on the first write (null until then). */
  broadcastWrite: boolean | null
  presenceWrite: boolean | null
}

/** Re-check a token at least this often (the real server's confirm-token interval). */
const TOKEN_CHECK_MS = 5 * 60 * 1000

export class Channel implements Member {
  closed = false
  private expiryTimer: NodeJS.Timeout | null = null
  private readonly presenceCalls: RateWindow
  /** Bumped when learned write permission is forgotten: a probe begun before is not kept. */
  private writeGeneration = 0

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly subTopic: string,
    /** The hub's topic key (public and private topics differ). */
    readonly key: string,
    readonly joinRef: Ref,
    readonly config: JoinConfig,
    public token: VerifiedToken,
    readonly presenceKey: string,
    private presenceEnabled: boolean,
    readonly policies: Policies
  ) {
    const limits = connection.env.limits
    this.presenceCalls = new RateWindow(
      limits.clientPresenceMaxCalls,
      limits.clientPresenceWindowMs
    )
    this.scheduleTokenCheck()
  }

  get vsn(): Vsn {
    return this.connection.vsn
  }

  get receivesBroadcast(): boolean {
    return !this.closed && this.policies.broadcastRead
  }

  get receivesPresence(): boolean {
    return !this.closed && this.presenceEnabled && this.policies.presenceRead
  }

  get scope(): CallerScope {
    return { role: this.token.role, claims: this.token.claims, headers: this.connection.headers }
  }

  send(frame: Frame): void {
    if (!this.closed) this.connection.send(frame)
  }

  deliverChange(idsJson: string, dataJson: string, dataKey: string, cache: FrameCache): void {
    if (this.closed) return
    const key = `${this.vsn}\u0000${this.topic}\u0000${idsJson}\u0000${dataKey}`
    let frame = cache.get(key) as Frame | undefined
    if (!frame) {
      const payload = `{"ids":${idsJson},"data":${dataJson}}`
      frame = textFrame(encodeFastlane(this.vsn, this.topic, 'postgres_changes', payload))
      cache.set(key, frame)
    }
    this.connection.send(frame)
  }

  /** A message pushed by the server on this channel ([join_ref, null, topic, event, payload]). */
  push(event: string, payload: unknown): void {
    if (this.closed) return
    this.connection.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload })
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic })
  }

  /** Work that follows the join reply: presence state, replay, postgres_changes, readiness. */
  afterJoin(): void {
    const { env } = this.connection
    if (this.receivesPresence) this.push('presence_state', env.hub.presenceState(this.key))
    if (this.config.broadcast.replay && this.policies.broadcastRead) {
      void replay(this, this.config.broadcast.replay).catch((error) =>
        env.log.warn(`replay on ${this.subTopic} failed`, error)
      )
    }
    if (this.config.postgresChanges.length > 0) {
      void env.feed
        .subscribe(this, this.identity(), this.config.postgresChanges)
        .then((result) => {
          if (result.ok) this.system('postgres_changes', 'ok', SYSTEM_MESSAGES.subscribed)
          else this.system('postgres_changes', 'error', result.message)
        })
        .catch((error) => env.log.error('postgres_changes subscription failed', error))
    }
    if (this.config.broadcast.replicationReady) {
      void env.feed.replicationReady().then((ready) => {
        if (ready) this.system('system', 'ok', SYSTEM_MESSAGES.replicationReady)
      })
    }
  }

  handle(message: Message): void | Promise<void> {
    switch (message.event) {
      case 'broadcast':
        return this.onBroadcast(message)
      case 'presence':
        return this.onPresence(message)
      case 'access_token':
        return this.onAccessToken(message)
      case 'phx_leave':
        this.connection.reply(message, 'ok', {})
        this.connection.push({
          joinRef: this.joinRef,
          ref: this.joinRef,
          topic: this.topic,
          event: 'phx_close',
          payload: {},
        })
        this.close()
        return
      default:
        // The real server ignores events it does not know (logged at info level); they count
        // as messages.
        this.connection.env.hub.events.add(1)
        this.connection.env.log.debug(
          `Unexpected message from client of type \`${message.event}\` on ${this.topic}`
        )
        return
    }
  }

  private onBroadcast(message: Message): void | Promise<void> {
    const payload = message.payload
    if (!isObject(payload)) return
    const json = JSON.stringify(payload)
    const event = typeof payload.event === 'string' ? payload.event : ''
    return this.broadcast(message, Buffer.byteLength(json), { json, binary: null }, event)
  }

  onUserBroadcast(push: UserBroadcastPush): void | Promise<void> {
    let json: string | null = null
    if (push.encoding === 'json') {
      const text = push.payload.toString('utf8')
      try {
        JSON.parse(text)
      } catch {
        this.connection.env.log.debug(`ignoring a broadcast with invalid JSON on ${this.topic}`)
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

  private broadcast(
    request: { joinRef: Ref; ref: Ref; topic: string },
    size: number,
    message: BroadcastMessage,
    event: string
  ): void | Promise<void> {
    const { env } = this.connection
    const ack = this.config.broadcast.ack
    if (size > env.limits.maxPayloadBytes) {
      if (ack) this.connection.reply(request, 'error', { error: PAYLOAD_TOO_LARGE })
      return
    }
    const deliver = (allowed: boolean) => {
      if (this.closed) return
      if (allowed) env.hub.broadcast(this.key, message, this.config.broadcast.self ? null : this)
      else env.log.debug(`dropping a broadcast (${event}) not allowed on ${this.subTopic}`)
      if (ack) this.connection.reply(request, 'ok', {})
    }
    if (this.policies.broadcastWrite !== null) return deliver(this.policies.broadcastWrite)
    return this.authorizeWrite('broadcast').then(deliver)
  }

  private async authorizeWrite(extension: Extension): Promise<boolean> {
    const field = extension === 'broadcast' ? 'broadcastWrite' : 'presenceWrite'
    const known = this.policies[field]
    if (known !== null) return known
    const { env } = this.connection
    const generation = this.writeGeneration
    const allowed = await canWrite(env.db, this.scope, this.subTopic, extension, env.log)
    if (generation === this.writeGeneration) this.policies[field] = allowed
    return allowed
  }

  /** The read policies of a private channel, checked again (recheck.ts). */
  reauthorized(policies: ReadPolicies): void {
    if (this.closed) return
    if (!policies.broadcast && !policies.presence) {
      return this.shutdown(permissionRevoked(this.subTopic))
    }
    this.policies.broadcastRead = policies.broadcast
    this.policies.presenceRead = policies.presence
    this.forgetWritePermission()
  }

  private forgetWritePermission(): void {
    this.policies.broadcastWrite = null
    this.policies.presenceWrite = null
    this.writeGeneration++
  }

  private onPresence(message: Message): void | Promise<void> {
    const { env } = this.connection
    const payload = isObject(message.payload) ? message.payload : {}
    if (!this.presenceCalls.take()) {
      return this.shutdown(SYSTEM_MESSAGES.presenceRateLimited)
    }
    if (!env.presenceRate.take()) return this.shutdown(SYSTEM_MESSAGES.presencePerSecond)
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : ''
    if (event === 'untrack') {
      env.hub.untrack(this.key, this)
      this.connection.reply(message, 'ok', {})
      return
    }
    if (event !== 'track') {
      this.connection.reply(message, 'error', { reason: `Unknown presence event: ${event}` })
      return
    }
    const fields = payload.payload
    if (!isObject(fields)) {
      this.connection.reply(message, 'error', { reason: PRESENCE_NOT_A_MAP })
      return
    }
    if (Buffer.byteLength(JSON.stringify(fields)) > env.limits.maxPayloadBytes) {
      return this.shutdown(SYSTEM_MESSAGES.trackTooLarge)
    }
    const track = (allowed: boolean) => {
      if (this.closed) return
      if (!allowed) {
        this.connection.reply(message, 'error', {})
        return
      }
      const wasEnabled = this.presenceEnabled
      this.presenceEnabled = true
      env.hub.track(this.key, this, this.presenceKey, fields)
      this.connection.reply(message, 'ok', {})
      // Tracking turns presence on for this channel; it then needs the state to apply diffs.
      if (!wasEnabled && this.receivesPresence) {
        this.push('presence_state', env.hub.presenceState(this.key))
      }
    }
    if (!this.config.private) return track(true)
    return this.authorizeWrite('presence').then(track)
  }

  private async onAccessToken(message: Message): Promise<void> {
    const { env } = this.connection
    const payload = isObject(message.payload) ? message.payload : {}
    const token = payload.access_token
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return
    if (token === this.token.token) return
    const checked = await checkToken(env.keys, token)
    if (this.closed) return
    if (!checked.ok) return this.shutdown(checked.message)
    if (this.config.private) {
      const policies = await readPolicies(
        env.db,
        { ...this.scope, ...checked },
        this.subTopic,
        env.log
      )
      if (this.closed) return
      if (!policies.broadcast && !policies.presence) {
        return this.shutdown(permissionRevoked(this.subTopic))
      }
      this.policies.broadcastRead = policies.broadcast
      this.policies.presenceRead = policies.presence
      this.forgetWritePermission()
    }
    this.token = checked
    this.scheduleTokenCheck()
    env.feed.updateIdentity(this, this.identity())
  }

  identity() {
    return { role: this.token.role, claims: this.token.claims }
  }

  private scheduleTokenCheck(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer)
    const untilExpiry = this.token.exp * 1000 - Date.now()
    this.expiryTimer = setTimeout(
      () => this.checkExpiry(),
      Math.max(0, Math.min(untilExpiry, TOKEN_CHECK_MS))
    )
    this.expiryTimer.unref()
  }

  private checkExpiry(): void {
    if (this.closed) return
    const now = Date.now()
    if (this.token.exp * 1000 <= now) {
      const ago = Math.floor(now / 1000) - this.token.exp
      this.shutdown(`Token has expired ${ago} seconds ago`)
      return
    }
    this.scheduleTokenCheck()
  }

  /** Ends the channel from the server side: `system` error, then phx_close. */
  shutdown(reason: string): void {
    if (this.closed) return
    this.system('system', 'error', reason)
    this.connection.push({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    })
    this.close()
  }

  /** An unexpected failure: the client sees phx_error (and rejoins), as after a crash. */
  crash(error: unknown): void {
    this.connection.env.log.error(`realtime channel ${this.topic} failed`, error)
    if (this.closed) return
    this.connection.push({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_error',
      payload: {},
    })
    this.close()
  }

  /** Forgets the channel: presence leaves, change deliveries stop. */
  close(): void {
    if (this.closed) return
    const { env } = this.connection
    env.hub.remove(this.key, this)
    this.closed = true
    if (this.expiryTimer) clearTimeout(this.expiryTimer)
    env.feed.unsubscribe(this)
    env.recheck.delete(this)
    if (this.connection.channels.get(this.topic) === this)
      this.connection.channels.delete(this.topic)
  }
}
