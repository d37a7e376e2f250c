// The sidebar's mention count, live: when a channel I am in moves on (its row's last_seq, sent
// live to the workspace's topic) and it is not the open one, the new messages that mention me are
// counted and added to its badge, as channel_list counts them (in the channel, not deleted, my
// id among their mentions, after my read position). Each move counts only its own range of seqs,
// so moves that arrive together are never counted twice. A chunk of its own, loaded on the first
// such move.
import type { QueryClient } from '@tanstack/react-query'
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

export async function countNewMentions(queryClient: QueryClient, move: SeqMove): Promise<void> {
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
  if (error || data.length === 0) return
  patchLive<Channel[]>(queryClient, channelKeys.list(move.workspaceId), (list) =>
    list?.map((c) =>
      c.id === move.channelId
        ? { ...c, mentions: c.mentions + data.filter((m) => (m.seq ?? 0) > c.lastReadSeq).length }
        : c
    )
  )
}
