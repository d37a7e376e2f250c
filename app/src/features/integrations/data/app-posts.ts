// Which messages of a channel an integration wrote (integration_messages, readable by the
// channel's members), as their APP markers: the app's name and the name the post asked for.
// Loaded lazily, only once a channel shows a message without an author (../message-extension.tsx),
// so the first screen carries none of it: the newest app messages of the channel, then each new
// one as it arrives on the channel's live topic with its message
// (*_chorus_integration_messages_live.sql).
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { supabase } from '../../../lib/supabase.ts'
import { appMarker } from './app-post.ts'
import type { AppMarker } from './app-post.ts'

/** How many of a channel's latest app messages are fetched at first. */
const LATEST = 500

interface Row {
  message_id: string
  app_name: string
  username: string | null
}

const markerOf = (row: Row) => [appMarker({ appName: row.app_name, username: row.username })]

async function fetchAppPosts(channelId: string): Promise<Row[]> {
  const { data, error } = await supabase()
    .from('integration_messages')
    .select('message_id, app_name, username')
    .eq('channel_id', channelId)
    .order('created_at', { ascending: false })
    .limit(LATEST)
  if (error) throw error
  return data
}

/** Tells `onChange` the channel's app messages' markers, now and as they change; returns the stop. */
export function watchAppPosts(
  channelId: string,
  onChange: (markers: ReadonlyMap<string, AppMarker[]>) => void
): () => void {
  let posts = new Map<string, AppMarker[]>()
  let stopped = false
  const add = (rows: Row[]) => {
    if (stopped) return
    posts = new Map(posts)
    for (const row of rows) posts.set(row.message_id, markerOf(row))
    onChange(posts)
  }
  const load = () =>
    fetchAppPosts(channelId).then(add, () => {
      // Unmarked until the next join: the messages themselves still show.
    })
  let joinedBefore = false
  const leave = subscribeLive(liveTopic.channel(channelId), {
    onChange: (change) => {
      if (change.table !== 'integration_messages' || change.operation !== 'INSERT') return
      const row = change.record as unknown as Row
      if (typeof row.message_id === 'string' && typeof row.app_name === 'string') add([row])
    },
    // Back after a drop: what arrived meanwhile is fetched again.
    onJoined: (joined) => {
      if (joined && joinedBefore) void load()
      joinedBefore ||= joined
    },
  })
  void load()
  return () => {
    stopped = true
    leave()
  }
}
