// A joined channel: its caller, policies and token; the incoming events, each extension's to
// its own handler (broadcast-handler.ts, presence-handler.ts, postgres-changes-handler.ts);
// access-token updates, leave and shutdowns. It writes to its connection only through an
// Outlet and uses the stack through explicit deps; the connection registers it (channels, hub,
// re-checks) and is told through `onClose` when it ends. Shutdowns follow the real server: a
// `system` error message, then phx_close. First what it is made of and connected to: its
// options from the join, its policies, the Outlet it writes to its connection through, and what
// it uses of the stack.
import type { Message, UserBroadcastPush, Vsn } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import { isObject } from '../protocol/join-config.ts'
import { SYSTEM_MESSAGES, permissionRevoked } from '../errors.ts'
import type { Identity } from '../changes/registry.ts'
import { checkToken } from '../tokens.ts'
import type { VerifiedToken } from '../tokens.ts'
import { BroadcastHandler } from './broadcast-handler.ts'
import type { RealtimeEnv } from './env.ts'
import type { Frame, Member } from './hub.ts'
import { PostgresChangesHandler } from './postgres-changes-handler.ts'
import { PresenceHandler } from './presence-handler.ts'
import { canWrite, readPolicies } from './private-auth.ts'
import type { CallerScope, Extension, ReadPolicies } from './private-auth.ts'
import { replay } from './replay.ts'

type Request = Pick<Message, 'joinRef' | 'ref' | 'topic'>

/** Where a channel's frames go: its connection, as narrow as the channel needs it. */
export interface Outlet {
  /** The serializer version the frames are encoded for. */
  readonly vsn: Vsn
  send(frame: Frame): void
  push(message: Message): void
  reply(request: Request, status: 'ok' | 'error', response: unknown): void
  /**
   * Counts `count` messages against the connection's own limit; false once it is over it (the
   * connection is then cut off: its channels closed, this one included).
   */
  charge(count: number): boolean
}

/** What a channel uses of the stack. */
export type ChannelDeps = Pick<
  RealtimeEnv,
  'keys' | 'db' | 'log' | 'hub' | 'feed' | 'limits' | 'presenceRate'
>

export interface Policies {
  broadcastRead: boolean
  presenceRead: boolean
  /** Learned on the first write (null until then). */
  broadcastWrite: boolean | null
  presenceWrite: boolean | null
}

export interface ChannelOptions {
  /** `realtime:<subTopic>`, as the client names it. */
  topic: string
  subTopic: string
  /** The hub's topic key (public and private topics differ). */
  key: string
  joinRef: Message['joinRef']
  config: JoinConfig
  token: VerifiedToken
  /** The upgrade request's headers, published as request.headers in policy checks. */
  headers: Record<string, string>
  presenceKey: string
  policies: Policies
}

/** Re-check a token at least this often (the real server's confirm-token interval). */
const TOKEN_CHECK_MS = 5 * 60 * 1000

export class Channel implements Member {
  closed = false
  /** Called once when the channel ends (the connection forgets it). */
  onClose: (() => void) | null = null
  readonly topic: string
  readonly subTopic: string
  readonly key: string
  readonly joinRef: Message['joinRef']
  readonly config: JoinConfig
  readonly presenceKey: string
  private readonly policies: Policies
  private token: VerifiedToken
  private readonly headers: Record<string, string>
  private readonly broadcasts: BroadcastHandler
  private readonly presence: PresenceHandler
  private readonly changes: PostgresChangesHandler
  private expiryTimer: NodeJS.Timeout | null = null
  /** Bumped when learned write permission is forgotten: a probe begun before is not kept. */
  private writeGeneration = 0

  constructor(
    options: ChannelOptions,
    private readonly outlet: Outlet,
    private readonly deps: ChannelDeps
  ) {
    this.topic = options.topic
    this.subTopic = options.subTopic
    this.key = options.key
    this.joinRef = options.joinRef
    this.config = options.config
    this.token = options.token
    this.headers = options.headers
    this.presenceKey = options.presenceKey
    this.policies = options.policies
    this.broadcasts = new BroadcastHandler(this, deps)
    this.presence = new PresenceHandler(this, deps)
    this.changes = new PostgresChangesHandler(this, deps)
  }

  get vsn(): Vsn {
    return this.outlet.vsn
  }

  get receivesBroadcast(): boolean {
    return !this.closed && this.policies.broadcastRead
  }

  get receivesPresence(): boolean {
    return !this.closed && this.presence.enabled && this.policies.presenceRead
  }

  get scope(): CallerScope {
    return { role: this.token.role, claims: this.token.claims, headers: this.headers }
  }

  identity(): Identity {
    return { role: this.token.role, claims: this.token.claims }
  }

  send(frame: Frame): void {
    if (!this.closed) this.outlet.send(frame)
  }

  /** A message pushed by the server on this channel ([join_ref, null, topic, event, payload]). */
  push(event: string, payload: unknown): void {
    if (this.closed) return
    this.outlet.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload })
  }

  reply(request: Request, status: 'ok' | 'error', response: unknown): void {
    this.outlet.reply(request, status, response)
  }

  /** Counts messages this channel's client causes against its connection's limit. */
  charge(count: number): boolean {
    return this.outlet.charge(count)
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic })
  }

  /** Work that follows the join reply: token checks, presence state, replay, postgres_changes. */
  start(): void {
    const { deps } = this
    this.scheduleTokenCheck()
    this.presence.sync()
    if (this.config.broadcast.replay && this.policies.broadcastRead) {
      void replay(this, this.config.broadcast.replay, deps).catch((error) =>
        deps.log.warn(`replay on ${this.subTopic} failed`, error)
      )
    }
    this.changes.subscribe()
    if (this.config.broadcast.replicationReady) {
      void deps.feed.replicationReady().then((ready) => {
        if (ready) this.system('system', 'ok', SYSTEM_MESSAGES.replicationReady)
      })
    }
  }

  handle(message: Message): void | Promise<void> {
    switch (message.event) {
      case 'broadcast':
        return this.broadcasts.handle(message)
      case 'presence':
        return this.presence.handle(message)
      case 'access_token':
        return this.onAccessToken(message)
      case 'phx_leave':
        this.reply(message, 'ok', {})
        this.end('phx_close')
        return
      default:
        // The real server ignores events it does not know (logged at info level); they count
        // as messages.
        if (!this.charge(1)) return
        this.deps.hub.events.add(1)
        this.deps.log.debug(
          `Unexpected message from client of type \`${message.event}\` on ${this.topic}`
        )
        return
    }
  }

  onUserBroadcast(push: UserBroadcastPush): void | Promise<void> {
    return this.broadcasts.handleUserBroadcast(push)
  }

  knownWrite(extension: Extension): boolean | null {
    return extension === 'broadcast' ? this.policies.broadcastWrite : this.policies.presenceWrite
  }

  /** The write policy for an extension, asked once and kept until the next re-check. */
  async authorizeWrite(extension: Extension): Promise<boolean> {
    const field = extension === 'broadcast' ? 'broadcastWrite' : 'presenceWrite'
    const known = this.policies[field]
    if (known !== null) return known
    const { deps } = this
    const generation = this.writeGeneration
    const allowed = await canWrite(deps.db, this.scope, this.subTopic, extension, deps.log)
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

  private async onAccessToken(message: Message): Promise<void> {
    const { deps } = this
    const payload = isObject(message.payload) ? message.payload : {}
    const token = payload.access_token
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return
    if (token === this.token.token) return
    const checked = await checkToken(deps.keys, token)
    if (this.closed) return
    if (!checked.ok) return this.shutdown(checked.message)
    if (this.config.private) {
      const scope = { ...this.scope, ...checked }
      const policies = await readPolicies(deps.db, scope, this.subTopic, deps.log)
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
    this.changes.identityChanged()
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
    this.end('phx_close')
  }

  /** An unexpected failure: the client sees phx_error (and rejoins), as after a crash. */
  crash(error: unknown): void {
    this.deps.log.error(`realtime channel ${this.topic} failed`, error)
    if (this.closed) return
    this.end('phx_error')
  }

  /** The channel's last frame ([join_ref, join_ref, topic, event, {}]), then close. */
  private end(event: 'phx_close' | 'phx_error'): void {
    const { joinRef, topic } = this
    this.outlet.push({ joinRef, ref: joinRef, topic, event, payload: {} })
    this.close()
  }

  /** Forgets the channel: change deliveries stop; the connection removes it (presence leaves). */
  close(): void {
    if (this.closed) return
    this.closed = true
    if (this.expiryTimer) clearTimeout(this.expiryTimer)
    this.changes.unsubscribe()
    this.onClose?.()
  }
}
