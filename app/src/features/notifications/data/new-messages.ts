// The messages of a channel after a seq (message_page with p_after_seq), as the notifier needs
// them: who wrote what, whom it mentions.
import { rpcRows } from '../../../lib/rpc.ts'

export interface NewMessage {
  id: string
  channelId: string
  authorId: string
  body: string
  mentions: string[]
  deleted: boolean
  /** When it was sent (the server's clock). */
  createdAt: string
}

export async function fetchMessagesAfter(
  channelId: string,
  afterSeq: number
): Promise<NewMessage[]> {
  const rows = await rpcRows('message_page', {
    p_channel_id: channelId,
    p_after_seq: afterSeq,
    p_limit: 20,
  })
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channel_id,
    authorId: r.author_id,
    body: r.body,
    mentions: r.mentions ?? [],
    deleted: !!r.deleted_at,
    createdAt: r.created_at,
  }))
}
