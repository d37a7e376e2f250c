// The first page of the channel in the address is requested at boot, in parallel with loading
// the signed-in chunk and rendering the shell; the live channel takes it instead of asking again.
import { rpcRows } from '../../../lib/rpc.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { toMessage } from './rows.ts'
import type { AttachmentRow, ReactionRow, ThreadRow } from './rows.ts'

const FRESH_MS = 10_000
const prefetched = new Map<string, { at: number; limit: number; page: Promise<ChatMessage[]> }>()

export function fetchPage(
  channelId: string,
  args: { before?: number; after?: number; limit: number }
): Promise<ChatMessage[]> {
  return rpcRows('message_page', {
    p_channel_id: channelId,
    p_before_seq: args.before,
    p_after_seq: args.after,
    p_limit: args.limit,
  }).then((rows) =>
    rows.map((row) =>
      // The reactions and attachments message_page() embeds are json (no generated shape).
      toMessage({
        ...row,
        reactions: row.reactions as ReactionRow[] | null,
        attachments: row.attachments as AttachmentRow[] | null,
        thread: row.thread as unknown as ThreadRow | null,
      })
    )
  )
}

export function prefetchLatest(channelId: string, limit = 50): void {
  const page = fetchPage(channelId, { limit })
  page.catch(() => undefined)
  prefetched.set(channelId, { at: Date.now(), limit, page })
}

/** The prefetched latest page, once, if it is recent and big enough. */
export function takePrefetched(channelId: string, limit: number): Promise<ChatMessage[]> | null {
  const entry = prefetched.get(channelId)
  prefetched.delete(channelId)
  if (!entry || entry.limit < limit || Date.now() - entry.at > FRESH_MS) return null
  return entry.page
}
