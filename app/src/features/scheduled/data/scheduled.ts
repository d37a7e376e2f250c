// My scheduled messages over supabase-js (scheduled_messages: my own rows only, read-only; every
// change through the RPCs), kept fresh from my user topic so that my other devices' lists
// follow, and the changes: edit, reschedule, send now, cancel (its files removed too).
// Scheduling itself is schedule-call.ts (the send button's chunk has no query hooks).
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { transfers } from '../../attachments/index.ts'

export const scheduledKeys = {
  all: ['scheduled'] as const,
  list: (workspaceId: string) => [...scheduledKeys.all, workspaceId] as const,
}

export interface ScheduledFile {
  path: string
  name?: string | null
  width?: number | null
  height?: number | null
}

export interface Scheduled {
  id: string
  channelId: string
  parentId: string | null
  body: string
  files: ScheduledFile[]
  sendAt: string
  failedAt: string | null
  failedCode: string | null
}

/** My scheduled messages in the workspace, the soonest first; those not sent first of all. */
export function useScheduled(workspaceId: string) {
  return useQuery({
    queryKey: scheduledKeys.list(workspaceId),
    queryFn: async (): Promise<Scheduled[]> => {
      const { data, error } = await supabase()
        .from('scheduled_messages')
        .select('id, channel_id, parent_id, body, attachments, send_at, failed_at, failed_code')
        .eq('workspace_id', workspaceId)
        .order('send_at')
        .limit(500)
      if (error) throw error
      const rows = data.map((r) => ({
        id: r.id,
        channelId: r.channel_id,
        parentId: r.parent_id,
        body: r.body,
        files: Array.isArray(r.attachments) ? (r.attachments as unknown as ScheduledFile[]) : [],
        sendAt: r.send_at,
        failedAt: r.failed_at,
        failedCode: r.failed_code,
      }))
      return [...rows.filter((r) => r.failedAt), ...rows.filter((r) => !r.failedAt)]
    },
  })
}

/**
 * Keeps my scheduled lists fresh from my user topic; `onNotSent` hears of a message the job could
 * not send (the row marked failed on this or another device's watch).
 */
export function useScheduledLive(me: string, onNotSent?: (row: { channel_id: string }) => void) {
  const queryClient = useCatchUpClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.user(me), {
        // What changed before a (re)join was not heard (a list answered before the join, or a
        // rejoin after a drop): the lists shown are asked again.
        onJoined: (joined) => {
          if (joined) void catchUp(queryClient, liveTopic.user(me), { queryKey: scheduledKeys.all })
        },
        onChange: (change) => {
          if (change.table !== 'scheduled_messages') return
          void queryClient.invalidateQueries({ queryKey: scheduledKeys.all })
          const record = change.record as { failed_at?: string | null; channel_id: string } | null
          if (change.operation === 'UPDATE' && record?.failed_at && onNotSent) onNotSent(record)
        },
      }),
    [me, queryClient, onNotSent]
  )
}

export type ScheduledChange =
  | { kind: 'edit'; id: string; body: string }
  | { kind: 'reschedule'; id: string; sendAt: Date }
  | { kind: 'send'; id: string }
  | { kind: 'cancel'; id: string; files: ScheduledFile[] }

export function useScheduledMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: ScheduledChange) => {
      switch (change.kind) {
        case 'edit':
          await rpcOne('update_scheduled_message', { p_id: change.id, p_body: change.body })
          return
        case 'reschedule':
          await rpcOne('update_scheduled_message', {
            p_id: change.id,
            p_send_at: change.sendAt.toISOString(),
          })
          return
        case 'send':
          await rpcOne('send_scheduled_message_now', { p_id: change.id })
          return
        case 'cancel': {
          await rpcOne('cancel_scheduled_message', { p_id: change.id })
          // Files of a message never sent are not left in the bucket.
          const t = await transfers()
          await Promise.all(change.files.map((f) => t.removeUnsent(f.path).catch(() => undefined)))
          return
        }
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledKeys.all }),
  })
}
