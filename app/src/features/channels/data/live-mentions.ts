// The sidebar's mention count, live: when a channel I am in moves on (its row's last_seq, sent
// live to the workspace's topic) and it is not the open one, the new messages that mention me are
// counted and added to its badge, as channel_list counts them (in the channel, not deleted, my
// id among their mentions, after my read position). The move's event says whom each new message
// mentions (lib/message-summaries.ts): they are counted from it, and fetched only when it does
// not say it all (a gap, too many at once, too many mentioned). Each move counts only its own
// range of seqs, so moves that arrive together are never counted twice. A chunk of its own,
// loaded on the first such move.
import type { QueryClient } from '@tanstack/react-query'
import { summariesBetween } from '../../../lib/message-summaries.ts'
import { patchLive } from '../../../lib/query-client.ts'
import { supabase } from '../../../lib/supabase.ts'
import { channelKeys } from './keys.ts'
import type { Channel } from './types.ts'

export interface SeqMove {
  workspaceId: string
  channelId: string
  me: string
  /** The last seq known before the move, and the new one. */
  from: number
  to: number
}

/** The seqs of the move that mention me, as its events said, or null if they did not say it all. */
function mentionedInMove(move: SeqMove): number[] | null {
  const summaries = summariesBetween(move.channelId, move.from, move.to)
  if (!summaries || summaries.some((s) => s.mentions === null)) return null
  return summaries.filter((s) => s.mentions!.includes(move.me)).map((s) => s.seq)
}

export async function countNewMentions(queryClient: QueryClient, move: SeqMove): Promise<void> {
  const known = mentionedInMove(move)
  const seqs = known ?? (await fetchMentioned(move))
  if (!seqs || seqs.length === 0) return
  patchLive<Channel[]>(queryClient, channelKeys.list(move.workspaceId), (list) =>
    list?.map((c) =>
      c.id === move.channelId
        ? { ...c, mentions: c.mentions + seqs.filter((seq) => seq > c.lastReadSeq).length }
        : c
    )
  )
}

async function fetchMentioned(move: SeqMove): Promise<number[] | null> {
  const { data, error } = await supabase()
    .from('messages')
    .select('seq')
    .eq('channel_id', move.channelId)
    .gt('seq', move.from)
    .lte('seq', move.to)
    .eq('in_channel', true)
    .is('deleted_at', null)
    .contains('mentions', [move.me])
  // Not counted now (offline, refused): the list's next read has it.
  if (error) return null
  return data.map((m) => m.seq ?? 0)
}
