// Moving my read marker in a channel (mark_read): the list shows it read at once, the server is
// told after. On the first screen (the open channel marks itself read).
import { useCallback } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { channelKeys } from './keys.ts'
import { confirmRead, rememberShownRead } from './shown-read.ts'
import type { Channel } from './types.ts'

/** Marks a channel read up to `seq`; the server's read position after it is confirmed (so an
 * answer sent before the mark no longer moves the list back: shown-read.ts). */
export async function markRead(channelId: string, seq: number): Promise<void> {
  const position = await rpcOne('mark_read', { p_channel_id: channelId, p_seq: seq })
  if (position !== null && position !== undefined) confirmRead(channelId, Number(position))
}

/**
 * Moves my read position in a channel: the list shows it read at once (optimistic), the server
 * is told after. A failure leaves the list as it is; the caller may try again.
 */
export function useMarkReadMutation(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (v: { channelId: string; seq: number }) => markRead(v.channelId, v.seq),
    onMutate: ({ channelId, seq }) => showRead(queryClient, workspaceId, channelId, seq),
  })
}

/** Shows a channel read up to `seq` on this device only (its mark may come later). */
export function useShowRead(workspaceId: string): (channelId: string, seq: number) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (channelId, seq) => showRead(queryClient, workspaceId, channelId, seq),
    [queryClient, workspaceId]
  )
}

function showRead(queryClient: QueryClient, workspaceId: string, channelId: string, seq: number) {
  rememberShownRead(channelId, seq)
  queryClient.setQueryData<Channel[]>(channelKeys.list(workspaceId), (list) =>
    list?.map((c) =>
      c.id === channelId
        ? seq >= c.lastSeq
          ? { ...c, lastReadSeq: Math.max(c.lastReadSeq, seq), unread: 0, mentions: 0 }
          : { ...c, lastReadSeq: Math.max(c.lastReadSeq, seq) }
        : c
    )
  )
}
