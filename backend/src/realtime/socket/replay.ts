// Replay of stored broadcasts on a private channel's join (config.broadcast.replay): the
// messages of the topic in realtime.messages since the given time, read as the caller (the read
// policies apply), oldest first, sent only to the joining channel with meta {id, replayed}.
import type { ReplayConfig } from '../protocol/join-config.ts'
import type { Channel } from './channel.ts'
import { jsonBroadcast } from './hub.ts'

export async function replay(channel: Channel, config: ReplayConfig): Promise<void> {
  const { env } = channel.connection
  const scope = channel.scope
  const rows = await env.db.withScope(
    {
      role: scope.role,
      claims: scope.claims,
      headers: scope.headers,
      settings: { 'realtime.topic': channel.subTopic },
    },
    { readOnly: true },
    (tx) => tx<{ id: string; event: string | null; payload: string | null }[]>`
      select id::text, event, payload::text as payload
      from realtime.messages
      where topic = ${channel.subTopic} and extension = 'broadcast' and private is true
        and inserted_at >= (to_timestamp(${config.since}::float8 / 1000) at time zone current_setting('TimeZone'))
      order by inserted_at asc
      limit ${config.limit}
    `
  )
  for (const row of rows) {
    if (channel.closed) return
    const meta = JSON.stringify({ id: row.id, replayed: true })
    const message = jsonBroadcast(row.event ?? '', row.payload ?? '{}', meta)
    const frames = env.hub.frameFor(channel, message)
    if (frames) channel.send(frames)
  }
}
