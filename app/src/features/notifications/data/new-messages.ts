// The messages of a channel after a seq (message_page with p_after_seq), as the notifier needs
// them: who wrote what, whom it mentions. Fetched only when one of them may alert: the live
// event of a channel's move says who wrote each new message and whom it mentions
// (lib/message-summaries.ts), and a move none of whose messages can alert fetches nothing.
import { summariesBetween } from '../../../lib/message-summaries.ts'
import { rpcRows } from '../../../lib/rpc.ts'
import { shouldNotify } from '../notify-rule.ts'
import type { ChannelPrefs, DoNotDisturb, NotifyLevel } from '../rules.ts'

export interface NewMessage {
  id: string
  channelId: string
  seq: number
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
    seq: Number(r.seq),
    authorId: r.author_id,
    body: r.body,
    mentions: r.mentions ?? [],
    deleted: !!r.deleted_at,
    createdAt: r.created_at,
  }))
}

/**
 * Whether a message of the channel after `afterSeq` up to `toSeq` may alert me, by what the live
 * events said of them: true when they did not say it all (then the messages are fetched).
 */
export function mayAlert(
  channel: { id: string } & ChannelPrefs,
  afterSeq: number,
  toSeq: number,
  me: string,
  workspaceDefault: NotifyLevel,
  dnd: DoNotDisturb
): boolean {
  const summaries = summariesBetween(channel.id, afterSeq, toSeq)
  if (!summaries) return true
  const now = new Date()
  return summaries.some(
    (s) =>
      s.mentions === null ||
      shouldNotify({
        message: { authorId: s.authorId ?? '', mentions: s.mentions, deleted: false },
        me,
        prefs: { kind: channel.kind, level: channel.level, muted: channel.muted },
        workspaceDefault,
        dnd,
        now,
      })
  )
}
