// What arrives live for the channel list (its rows as realtime sends them), shared by the cache's
// hooks (channel-cache.ts) and the chunk that applies them (channel-live.ts).
import type { ChannelMove } from '../../../lib/message-summaries.ts'

/** A channels row as realtime sends it: only the id is sure to be there. */
export interface ChannelRowChange extends ChannelMove {
  id: string
  kind?: string
  last_seq?: number | string
  name?: string | null
  topic?: string | null
  archived_at?: string | null
  last_message_at?: string | null
  from_seq?: number | string
}

/** My membership as realtime sends it on my own topic. */
export interface MembershipRecord {
  channel_id: string
  last_read_seq?: number | string
  muted?: boolean
  notify_level?: string | null
  last_seq?: number | string
  unread_count?: number | string
  mention_count?: number | string
  /** On an insert: the channel's row. */
  channel?: Record<string, unknown> | null
}
