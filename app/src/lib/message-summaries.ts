// What the live events of a channel's moves said of its newest messages: each one's seq, author
// and mentions (supabase/migrations/*_chorus_live_events_carry_counts.sql). The sidebar counts
// mentions of me from them (channels/data/live-mentions.ts), and the notifier fetches a
// channel's new messages only when one of them may alert; a range they do not cover (a gap, too
// many at once, too many mentioned) is fetched as before.

export interface MessageSummary {
  seq: number
  authorId: string | null
  /** Everyone it mentions; null when there were too many to send. */
  mentions: readonly string[] | null
}

/** A channel's move as the live event sends it: what the app reads of it. */
export interface ChannelMove {
  id: string
  new_messages?:
    readonly { seq: number; author_id: string | null; mentions: string[] | null }[] | null
}

const KEEP = 50
const byChannel = new Map<string, Map<number, MessageSummary>>()

/** Keeps what a channel's move said of its new messages (the newest few per channel). */
export function rememberMove(move: ChannelMove): void {
  if (!Array.isArray(move.new_messages) || move.new_messages.length === 0) return
  let kept = byChannel.get(move.id)
  if (!kept) byChannel.set(move.id, (kept = new Map()))
  for (const m of move.new_messages) {
    const seq = Number(m.seq)
    kept.set(seq, { seq, authorId: m.author_id, mentions: m.mentions })
  }
  if (kept.size > KEEP) {
    const seqs = [...kept.keys()].sort((a, b) => a - b)
    for (const seq of seqs.slice(0, seqs.length - KEEP)) kept.delete(seq)
  }
}

/** The summaries of seqs after `afterSeq` up to `toSeq`, or null if any of them is unknown. */
export function summariesBetween(
  channelId: string,
  afterSeq: number,
  toSeq: number
): MessageSummary[] | null {
  const kept = byChannel.get(channelId)
  const found: MessageSummary[] = []
  for (let seq = afterSeq + 1; seq <= toSeq; seq++) {
    const summary = kept?.get(seq)
    if (!summary) return null
    found.push(summary)
  }
  return found
}

/** Forgets everything (tests). */
export function forgetSummaries(): void {
  byChannel.clear()
}
