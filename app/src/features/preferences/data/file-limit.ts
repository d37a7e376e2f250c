// Workspace settings' largest file (workspaces.max_file_bytes): the value as the workspace list
// has it (my_workspaces, which a change refreshes live), the attachments bucket's limit as the
// ceiling (signed-in users may read the bucket's settings), and the change, which the server
// refuses to anyone but owners and admins and outside 1 MB to that ceiling.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { storage } from '../../../lib/supabase.ts'
import { useWorkspacesQuery, workspaceKeys } from '../../workspaces/index.ts'

/** The smallest limit a workspace may choose (1 MB, SI). */
export const MIN_FILE_LIMIT = 1_000_000
/** The project's own limit (config.toml's [storage] file_size_limit, 2 GiB) when the bucket names none. */
const PROJECT_LIMIT = 2_147_483_648

export function useFileLimit(workspaceId: string) {
  const queryClient = useQueryClient()
  const workspaces = useWorkspacesQuery()
  const current = workspaces.data?.find((w) => w.id === workspaceId)?.max_file_bytes
  const ceiling = useQuery({
    queryKey: ['attachments', 'bucket-limit'],
    queryFn: async () => {
      const { data, error } = await (await storage()).getBucket('attachments')
      if (error) throw error
      return data.file_size_limit ?? PROJECT_LIMIT
    },
    staleTime: Infinity,
  })
  const set = useMutation({
    mutationFn: (bytes: number) =>
      rpcOne('set_workspace_file_limit', { p_workspace_id: workspaceId, p_bytes: bytes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  })
  return {
    current: current === undefined ? undefined : Number(current),
    ceiling: ceiling.data,
    error: ceiling.error,
    set,
  }
}
