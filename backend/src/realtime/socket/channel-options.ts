// What a channel (channel.ts) is made of and connected to: its options from the join, its
// policies, the Outlet it writes to its connection through, and what it uses of the stack.
import type { Message, Vsn } from '../protocol/frames.ts'
import type { JoinConfig } from '../protocol/join-config.ts'
import type { VerifiedToken } from '../tokens.ts'
import type { RealtimeEnv } from './env.ts'
import type { Frame } from './hub.ts'

export type Request = Pick<Message, 'joinRef' | 'ref' | 'topic'>

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
