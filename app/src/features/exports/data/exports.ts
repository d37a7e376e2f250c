// Exports over supabase-js: the rows row-level security shows (owners: the workspace's workspace
// exports; everyone: their own personal ones), polled while one is being built; a request
// through request_export(); the download as a signed Storage URL that expires.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { storage, supabase } from '../../../lib/supabase.ts'
import { inTheMaking } from './words.ts'
import type { ExportItem, ExportStatus } from './words.ts'

/** How long a download link works. */
export const LINK_SECONDS = 60 * 60
/** How often the list is read again while an export is being built. */
export const POLL_MS = 2000

export const exportKeys = {
  list: (workspaceId: string) => ['exports', workspaceId] as const,
}

export function useExports(workspaceId: string) {
  return useQuery({
    queryKey: exportKeys.list(workspaceId),
    queryFn: async (): Promise<ExportItem[]> => {
      const { data, error } = await supabase()
        .from('exports')
        .select(
          'id, kind, requested_by, status, size, storage_path, error, created_at, finished_at, expires_at'
        )
        .eq('workspace_id', workspaceId)
        .order('created_at', { ascending: false })
        .limit(20)
      if (error) throw error
      return data.map((row) => ({
        id: row.id,
        kind: row.kind === 'workspace' ? 'workspace' : 'personal',
        requestedBy: row.requested_by,
        status: row.status as ExportStatus,
        size: row.size,
        storagePath: row.storage_path,
        error: row.error,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        expiresAt: row.expires_at,
      }))
    },
    refetchInterval: (query) =>
      query.state.data && inTheMaking(query.state.data) ? POLL_MS : false,
  })
}

export function useRequestExport(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: 'workspace' | 'personal') =>
      rpcOne('request_export', { p_workspace: workspaceId, p_kind: kind }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.list(workspaceId) }),
  })
}

/** A signed link to the export's zip, and when it stops working. */
export function useDownloadLink() {
  return useMutation({
    mutationFn: async (item: ExportItem): Promise<{ url: string; expiresAt: Date }> => {
      const { data, error } = await (
        await storage()
      )
        .from('exports')
        .createSignedUrl(item.storagePath ?? '', LINK_SECONDS, { download: true })
      if (error) throw error
      return { url: data.signedUrl, expiresAt: new Date(Date.now() + LINK_SECONDS * 1000) }
    },
  })
}
