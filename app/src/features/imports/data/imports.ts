// A workspace's Slack imports over supabase-js (issue 34, part 1): the rows of public.imports the
// owners read under row-level security, kept live by each owner's live:user topic (the table's
// trigger broadcasts every change of a row, as each batch the import function finishes updates
// its counts), the zip uploaded
// resumably to the private `imports` bucket, and the RPCs that start and cancel an import. The
// importing itself is the `imports` Edge Function's, in the background: closing the dialog or
// the browser does not stop it.
import { t } from '@lingui/core/macro'
import { useEffect, useRef } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { Tables } from '../../../lib/database.types.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { patchLive } from '../../../lib/query-client.ts'
import { functions, supabase } from '../../../lib/supabase.ts'
import { transfers } from '../../attachments/index.ts'
import { placeholderIdsKey } from './placeholder-ids.ts'

export type ImportRow = Tables<'imports'>

export const IMPORT_BUCKET = 'imports'

export const importKeys = {
  workspace: (workspaceId: string) => ['imports', workspaceId] as const,
  invitees: (importId: string) => ['imports', 'invitees', importId] as const,
}

/** Whether an import is still under way (its row still changes). */
export const isActive = (row: Pick<ImportRow, 'status'>) =>
  row.status === 'queued' || row.status === 'running'

const newestFirst = (a: ImportRow, b: ImportRow) => b.created_at.localeCompare(a.created_at)

/**
 * A changed row into the cached list (a row the list has not seen yet goes first); `onDone` when
 * it has just finished.
 */
function merge(
  queryClient: QueryClient,
  workspaceId: string,
  row: ImportRow,
  onDone?: () => void
): void {
  const before = queryClient
    .getQueryData<ImportRow[]>(importKeys.workspace(workspaceId))
    ?.find((r) => r.id === row.id)
  if (row.status === 'done' && before && before.status !== 'done') {
    // its people are new placeholders: their marks are asked for again
    void queryClient.invalidateQueries({ queryKey: placeholderIdsKey })
    onDone?.()
  }
  patchLive<ImportRow[]>(queryClient, importKeys.workspace(workspaceId), (rows) => {
    if (!rows) return rows
    const others = rows.filter((r) => r.id !== row.id)
    return [row, ...others].sort(newestFirst)
  })
}

/**
 * The workspace's imports, live. `onDone` runs when one finishes: it brought channels and people
 * that no live event announced (the caller reads them again).
 */
export function useImports(workspaceId: string, me: string, onDone?: () => void) {
  const queryClient = useCatchUpClient()
  // The latest callback, without joining the topic again when the caller's changes.
  const done = useRef(onDone)
  done.current = onDone
  useEffect(
    () =>
      subscribeLive(liveTopic.user(me), {
        onChange: ({ table, operation, record }) => {
          if (table !== 'imports' || record.workspace_id !== workspaceId) return
          if (operation === 'DELETE') {
            void queryClient.invalidateQueries({ queryKey: importKeys.workspace(workspaceId) })
          } else {
            merge(queryClient, workspaceId, record as unknown as ImportRow, () => done.current?.())
          }
        },
        // What changed while not joined: read again once joined.
        onJoined: (joined) => {
          if (joined)
            void catchUp(queryClient, liveTopic.user(me), {
              queryKey: importKeys.workspace(workspaceId),
            })
        },
      }),
    [queryClient, workspaceId, me]
  )
  return useQuery({
    queryKey: importKeys.workspace(workspaceId),
    queryFn: async (): Promise<ImportRow[]> => {
      const { data, error } = await supabase()
        .from('imports')
        .select('*')
        .eq('workspace_id', workspaceId)
        .order('created_at', { ascending: false })
        .limit(20)
      if (error) throw error
      return data
    },
  })
}

export interface UploadProgress {
  /** 0..1 of the zip sent. */
  fraction: number
  paused: boolean
}

/**
 * Uploads a Slack export's zip (resumably: the same file chosen again after a dropped network or
 * a reload goes on from the server's offset) and starts importing it.
 */
export function useStartImport(
  workspaceId: string,
  onProgress: (progress: UploadProgress | null) => void
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ file }: { file: File }): Promise<ImportRow> => {
      let path = `${workspaceId}/${crypto.randomUUID()}.zip`
      let paused = false
      onProgress({ fraction: 0, paused })
      const { uploadResumable } = await transfers()
      const upload = uploadResumable(
        path,
        file,
        {
          onProgress: (fraction) => onProgress({ fraction, paused }),
          onPaused: (now) => {
            paused = now
          },
          // An upload of this file into this workspace's folder that stopped half-way.
          isSameUpload: (objectName) => objectName.startsWith(`${workspaceId}/`),
          onResumed: (objectName) => {
            path = objectName
          },
        },
        { bucket: IMPORT_BUCKET, refused: t`Only the workspace’s owners can import into it.` }
      )
      try {
        await upload.promise
      } finally {
        onProgress(null)
      }
      // An import emails nobody: its people are invited afterwards (useInviteImportPeople).
      return rpcOne('start_import', { p_workspace: workspaceId, p_path: path })
    },
    onSuccess: (row) => merge(queryClient, workspaceId, row),
  })
}

export function useCancelImport(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (importId: string) => rpcOne('cancel_import', { p_import: importId }),
    onSuccess: (row) => merge(queryClient, workspaceId, row),
  })
}

/** A finished import's people (placeholders with an address) nobody has invited yet to claim
 *  their history (owners only). */
export function useImportInvitees(importId: string, done: boolean) {
  return useQuery({
    queryKey: importKeys.invitees(importId),
    queryFn: () => rpcRows('import_invitees', { p_import: importId }),
    enabled: done,
  })
}

/** Emails them their invitations at once (workspaces-invite, within the invitation limits). */
export function useInviteImportPeople(importId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const { error } = await (
        await functions()
      ).invoke('workspaces-invite', { body: { import_id: importId } })
      if (error) {
        // The function says why in {error} (a limit reached: which, and when it frees up).
        const context = (error as { context?: Response }).context
        const body = (await context?.json().catch(() => null)) as { error?: string } | null
        throw new Error(body?.error ?? error.message)
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.invitees(importId) }),
  })
}
