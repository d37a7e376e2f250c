// My drafts over supabase-js (drafts: my own rows, in channels I am in, read-only; every change
// through save_draft), kept fresh from my user topic so that my other devices follow. A row with
// an empty body marks a box emptied (sent, cleared, deleted): not a draft to list, but what tells
// a device that its older text is gone.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { patchLive } from '../../../lib/query-client.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export const draftKeys = {
  all: ['drafts'] as const,
  list: (workspaceId: string) => [...draftKeys.all, workspaceId] as const,
}

export interface Draft {
  id: string
  workspaceId: string
  channelId: string
  /** The thread's parent (null: the channel's own box). */
  parentId: string | null
  body: string
  editedAt: string
}

interface DraftRow {
  id: string
  workspace_id: string
  channel_id: string
  parent_id: string | null
  body: string
  edited_at: string
}

const fromRow = (r: DraftRow): Draft => ({
  id: r.id,
  workspaceId: r.workspace_id,
  channelId: r.channel_id,
  parentId: r.parent_id,
  body: r.body,
  editedAt: r.edited_at,
})

/** The composer's key of a draft's box (the device's own drafts are kept under it). */
export const boxKey = (channelId: string, parentId: string | null) =>
  parentId ? `${channelId}.thread.${parentId}` : channelId

/** Most drafts one list holds (the newest). */
const LIMIT = 1000

/** My drafts in the workspace, the last edited first, with the markers of emptied boxes. */
export function useDrafts(workspaceId: string) {
  return useQuery({
    queryKey: draftKeys.list(workspaceId),
    queryFn: async (): Promise<Draft[]> => {
      const { data, error } = await supabase()
        .from('drafts')
        .select('id, workspace_id, channel_id, parent_id, body, edited_at')
        .eq('workspace_id', workspaceId)
        .order('edited_at', { ascending: false })
        .limit(LIMIT)
      if (error) throw error
      return data.map(fromRow)
    },
  })
}

/** The list with a row put in (or taken out: `gone`), the last edited first. */
export function withDraft(list: Draft[], row: Draft, gone = false): Draft[] {
  const others = list.filter(
    (d) =>
      d.id !== row.id && boxKey(d.channelId, d.parentId) !== boxKey(row.channelId, row.parentId)
  )
  if (gone) return others
  const kept = list.find((d) => d.id === row.id)
  // A row older than the one held (events out of order) changes nothing.
  if (kept && Date.parse(kept.editedAt) > Date.parse(row.editedAt)) return list
  return [row, ...others].sort((a, b) => Date.parse(b.editedAt) - Date.parse(a.editedAt))
}

/** A row saved or heard of, in its workspace's list. A read of the list on its way may predate it
 * (the Drafts view's, opened as the box was emptied) and would put the older row back: patchLive
 * asks again. */
function put(queryClient: QueryClient, row: Draft, gone = false) {
  patchLive<Draft[]>(queryClient, draftKeys.list(row.workspaceId), (list) =>
    list ? withDraft(list, row, gone) : list
  )
}

/** Keeps my drafts' lists fresh from my user topic (and whole again after a rejoin). */
export function useDraftsLive(me: string) {
  const queryClient = useCatchUpClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.user(me), {
        onChange: (change) => {
          if (change.table !== 'drafts') return
          put(
            queryClient,
            fromRow(change.record as unknown as DraftRow),
            change.operation === 'DELETE'
          )
        },
        onJoined: (joined) => {
          if (joined) void catchUp(queryClient, liveTopic.user(me), { queryKey: draftKeys.all })
        },
      }),
    [me, queryClient]
  )
}

export interface DraftSave {
  channelId: string
  parentId: string | null
  body: string
  /** When it was edited (this device's clock). */
  editedAt: number
}

/** Saves a draft (an empty body empties it); returns the draft kept: the one edited last. */
export async function saveDraft(queryClient: QueryClient, save: DraftSave): Promise<Draft> {
  const row = fromRow(
    (await rpcOne('save_draft', {
      p_channel_id: save.channelId,
      p_body: save.body,
      p_edited_at: new Date(save.editedAt).toISOString(),
      ...(save.parentId ? { p_parent_id: save.parentId } : {}),
    })) as DraftRow
  )
  put(queryClient, row)
  return row
}
