// The join pipeline, in the real server's order: topic, joins per second (the connection's own,
// then the stack's; over either the socket is closed), channels per connection, token, public
// channels where the project allows only private ones ([realtime] private_only), private-channel
// read policies, replay.
// It answers with a channel for the connection to register and reply for, or a refusal:
// "<Code>: <message>", answered after the channel error backoff unless it closes the socket.
import { randomUUID } from 'node:crypto'
import { JOIN_ERRORS, unauthorizedRead } from '../errors.ts'
import type { Message } from '../protocol/frames.ts'
import { parseJoinPayload } from '../protocol/join-config.ts'
import { checkToken, joinReason } from '../tokens.ts'
import type { VerifiedToken } from '../tokens.ts'
import { Channel } from './channel.ts'
import type { ChannelDeps, Outlet, Policies } from './channel.ts'
import type { RealtimeEnv } from './env.ts'
import { topicKey } from './hub.ts'
import type { RateWindow } from './limits.ts'
import { readPolicies } from './private-auth.ts'

/** Channel topics are `realtime:<subTopic>`; anything else is not a topic the server has. */
export const TOPIC_PREFIX = 'realtime:'

export interface JoinRequest {
  /** The token of the connect request's apikey, for joins that carry none. */
  connectToken: VerifiedToken
  /** The upgrade request's headers, for request.headers in authorization checks. */
  headers: Record<string, string>
  /** Channels the connection has open (a second join of a topic has closed the first). */
  openChannels: number
  /** The connection's own joins per second (clientMaxJoinsPerSecond), null: no limit. */
  socketJoins: RateWindow | null
  outlet: Outlet
  deps: ChannelDeps & Pick<RealtimeEnv, 'joinRate' | 'privateOnly'>
}

export interface Refusal {
  reason: string
  /** Over the joins per second: answered at once, then the socket is closed. */
  closeSocket: boolean
}

export type JoinOutcome =
  | { channel: Channel; response: { postgres_changes: Record<string, unknown>[] } }
  | { refusal: Refusal }

const refuse = (reason: string, closeSocket = false): JoinOutcome => ({
  refusal: { reason, closeSocket },
})

/** Joins `message.topic`, which starts with TOPIC_PREFIX. */
export async function join(message: Message, request: JoinRequest): Promise<JoinOutcome> {
  const { deps } = request
  const { topic } = message
  const subTopic = topic.slice(TOPIC_PREFIX.length)
  if (subTopic === '') return refuse(JOIN_ERRORS.topicRequired)
  // The connection's own rate first: a client joining in a loop is refused (and its socket
  // closed) before it spends the stack's joins, which everyone's joins share.
  if (request.socketJoins && !request.socketJoins.take()) {
    return refuse(JOIN_ERRORS.tooManyJoins, true)
  }
  if (!deps.joinRate.take()) return refuse(JOIN_ERRORS.tooManyJoins, true)
  if (request.openChannels >= deps.limits.maxChannelsPerClient) {
    return refuse(JOIN_ERRORS.tooManyChannels)
  }

  const { config, token, invalid } = parseJoinPayload(message.payload)
  if (invalid.length > 0) deps.log.debug(`InvalidJoinPayload on ${topic}: ${invalid.join('; ')}`)
  const raw = token !== null && !token.startsWith('sb_') ? token : request.connectToken.token
  const checked = await checkToken(deps.keys, raw)
  if (!checked.ok) return refuse(joinReason(checked))
  if (deps.privateOnly && !config.private) return refuse(JOIN_ERRORS.privateOnly)
  if (config.broadcast.replay && !config.private) return refuse(JOIN_ERRORS.replayOnPublic)

  const policies: Policies = {
    broadcastRead: true,
    presenceRead: true,
    broadcastWrite: config.private ? null : true,
    presenceWrite: config.private ? null : true,
  }
  if (config.private) {
    const scope = { role: checked.role, claims: checked.claims, headers: request.headers }
    const read = await readPolicies(deps.db, scope, subTopic, deps.log)
    if (!read.broadcast && !read.presence) return refuse(unauthorizedRead(subTopic))
    policies.broadcastRead = read.broadcast
    policies.presenceRead = read.presence
  }

  const channel = new Channel(
    {
      topic,
      subTopic,
      key: topicKey(subTopic, config.private),
      joinRef: message.joinRef,
      config,
      token: checked,
      headers: request.headers,
      presenceKey: config.presence.key === '' ? randomUUID() : config.presence.key,
      policies,
    },
    request.outlet,
    deps
  )
  const response = {
    postgres_changes: config.postgresChanges.map((change) => ({ ...change.raw, id: change.id })),
  }
  return { channel, response }
}
