// Replay of stored broadcasts on a private channel's join (config.broadcast.replay): the
// messages of the topic in realtime.messages since the given time, read as the caller (the read
// policies apply), oldest first, sent only to the joining channel with meta {id, replayed}.
import type { ReplayConfig } from '../protocol/join-config.ts'
import type { RealtimeEnv } from './env.ts'
import { jsonBroadcast } from './hub.ts'
import type { Member } from './hub.ts'
import type { CallerScope } from './private-auth.ts'

/** What a replay needs of the joining channel. */
export interface ReplayTarget extends Member {
  readonly closed: boolean
  readonly subTopic: string
  readonly scope: CallerScope
}

export async function replay(
  channel: ReplayTarget,
  config: ReplayConfig,
  deps: Pick<RealtimeEnv, 'db' | 'hub'>
): Promise<void> {
  const scope = channel.scope
  const rows = await deps.db.withScope(
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
    const frames = deps.hub.frameFor(channel, message)
    if (frames) channel.send(frames)
  }
}
