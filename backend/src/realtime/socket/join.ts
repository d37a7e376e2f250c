// The join pipeline, in the real server's order: topic, joins per second (over the limit the
// socket is closed), channels per connection, token, private-channel read policies, replay.
// A refused join is answered after the channel error backoff, with "<Code>: <message>".
import { randomUUID } from 'node:crypto'
import { JOIN_ERRORS, unauthorizedRead } from '../errors.ts'
import type { Message } from '../protocol/frames.ts'
import { parseJoinPayload } from '../protocol/join-config.ts'
import { checkToken, joinReason } from '../tokens.ts'
import { Channel } from './channel.ts'
import type { Policies } from './channel.ts'
import type { Connection } from './connection.ts'
import { topicKey } from './hub.ts'
import { readPolicies } from './private-auth.ts'

const PREFIX = 'realtime:'

export async function join(connection: Connection, message: Message): Promise<void> {
  const { env } = connection
  const { topic } = message
  if (!topic.startsWith(PREFIX)) {
    connection.reply(message, 'error', { reason: JOIN_ERRORS.unmatchedTopic })
    return
  }
  // A second join of a topic replaces the channel joined before (Phoenix's duplicate join).
  connection.channels.get(topic)?.close()

  const refuse = async (reason: string) => {
    if (await connection.sleep(env.limits.channelErrorBackoffMs)) {
      connection.reply(message, 'error', { reason })
    }
  }

  const subTopic = topic.slice(PREFIX.length)
  if (subTopic === '') return refuse(JOIN_ERRORS.topicRequired)
  if (!env.joinRate.take()) {
    connection.reply(message, 'error', { reason: JOIN_ERRORS.tooManyJoins })
    connection.close()
    return
  }
  if (connection.channels.size >= env.limits.maxChannelsPerClient) {
    return refuse(JOIN_ERRORS.tooManyChannels)
  }

  const { config, token, invalid } = parseJoinPayload(message.payload)
  if (invalid.length > 0) env.log.debug(`InvalidJoinPayload on ${topic}: ${invalid.join('; ')}`)
  const raw = token !== null && !token.startsWith('sb_') ? token : connection.connectToken.token
  const checked = await checkToken(env.keys, raw)
  if (!checked.ok) return refuse(joinReason(checked))
  if (config.broadcast.replay && !config.private) return refuse(JOIN_ERRORS.replayOnPublic)

  const policies: Policies = {
    broadcastRead: true,
    presenceRead: true,
    broadcastWrite: config.private ? null : true,
    presenceWrite: config.private ? null : true,
  }
  if (config.private) {
    const scope = { role: checked.role, claims: checked.claims, headers: connection.headers }
    const read = await readPolicies(env.db, scope, subTopic, env.log)
    if (!read.broadcast && !read.presence) return refuse(unauthorizedRead(subTopic))
    policies.broadcastRead = read.broadcast
    policies.presenceRead = read.presence
  }
  if (connection.closed) return

  const channel = new Channel(
    connection,
    topic,
    subTopic,
    topicKey(subTopic, config.private),
    message.joinRef,
    config,
    checked,
    config.presence.key === '' ? randomUUID() : config.presence.key,
    config.presence.enabled,
    policies
  )
  connection.channels.set(topic, channel)
  env.hub.add(channel.key, channel)
  if (config.private) env.recheck.add(channel)
  connection.reply(message, 'ok', {
    postgres_changes: config.postgresChanges.map((change) => ({ ...change.raw, id: change.id })),
  })
  channel.afterJoin()
}
