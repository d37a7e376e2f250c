// Keeps the sidebar and rosters current: changes to the workspace's channels (new messages move
// last_seq), to my channel memberships (read positions from my other devices, being added or
// removed) and to the workspace's members arrive by postgres_changes, filtered by RLS.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { workspaceKeys } from './keys.ts'

export interface ChannelChange {
  id: string
  last_seq?: number | string
  name?: string | null
  topic?: string | null
  archived_at?: string | null
}

interface Options {
  workspaceId: string
  userId: string
  channelsKey: QueryKey
  /** Channel rosters: they change when people join or leave the workspace. */
  rostersKey: QueryKey
  /** Applies a changed channel row to the cached list; returns false when the channel is unknown. */
  onChannelRow: (row: ChannelChange) => boolean
}

export function useWorkspaceLive({
  workspaceId,
  userId,
  channelsKey,
  rostersKey,
  onChannelRow,
}: Options) {
  const queryClient = useQueryClient()

  useEffect(() => {
    const client = supabase()
    let timer: number | undefined
    const pending = new Set<string>()
    const refresh = (what: 'channels' | 'members' | 'workspaces') => {
      pending.add(what)
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        if (pending.has('channels')) void queryClient.invalidateQueries({ queryKey: channelsKey })
        if (pending.has('members'))
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) })
        if (pending.has('workspaces'))
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.list() })
        pending.clear()
      }, 250)
    }
    const channel = client
      .channel(`workspace-changes:${workspaceId}`)
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'channels',
          filter: `workspace_id=eq.${workspaceId}`,
        },
        (payload) => {
          const row = payload.new as ChannelChange
          if (payload.eventType === 'UPDATE' && row.id) {
            // New messages, renames, topics, archiving: patched in place when the channel is known.
            if (onChannelRow(row)) {
              refresh('workspaces')
              return
            }
          }
          refresh('channels')
        }
      )
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'channel_members', filter: `user_id=eq.${userId}` },
        () => refresh('channels')
      )
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'workspace_members',
          filter: `workspace_id=eq.${workspaceId}`,
        },
        () => {
          refresh('members')
          refresh('workspaces')
        }
      )
      // Renamed people and new pictures (RLS sends only people I share a workspace with).
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, () =>
        refresh('members')
      )
      .subscribe((status) => {
        // After a reconnect, whatever changed meanwhile is fetched again.
        if (status === 'SUBSCRIBED') refresh('channels')
      })
    return () => {
      window.clearTimeout(timer)
      void client.removeChannel(channel)
    }
  }, [workspaceId, userId, channelsKey, rostersKey, onChannelRow, queryClient])
}
