// A page of a channel's messages (message_page()) as the live channel holds them: each with its
// reactions, attachments and thread summary.
import type { ChatMessage } from '../conversation/types.ts'
import { pageRows, takePrefetched } from './prefetch.ts'
import type { PageRow } from './prefetch.ts'
import { toMessage } from './rows.ts'
import type { AttachmentRow, ReactionRow, ThreadRow } from './rows.ts'

export function toPageMessages(rows: PageRow[]): ChatMessage[] {
  return rows.map((row) =>
    // The reactions, attachments and thread message_page() embeds are json (no generated shape).
    toMessage({
      ...row,
      reactions: row.reactions as ReactionRow[] | null,
      attachments: row.attachments as AttachmentRow[] | null,
      thread: row.thread as unknown as ThreadRow | null,
    })
  )
}

export function fetchPage(
  channelId: string,
  args: { before?: number; after?: number; limit: number }
): Promise<ChatMessage[]> {
  return pageRows(channelId, args).then(toPageMessages)
}

/** The page prefetched at boot, once, if it is recent and big enough. */
export function takePrefetchedPage(
  channelId: string,
  limit: number
): Promise<ChatMessage[]> | null {
  return takePrefetched(channelId, limit)?.then(toPageMessages) ?? null
}
