// The import dialog as the shell's dialog host opens it (a lazy chunk: feature.ts): once an
// import is done, the workspace's channels and members are fetched again.
import { useQueryClient } from '@tanstack/react-query'
import { channelKeys } from '../channels/index.ts'
import { workspaceKeys } from '../workspaces/index.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import ImportDialog from './components/ImportDialog.tsx'

export default function Import(p: WorkspaceDialogProps) {
  const queryClient = useQueryClient()
  return (
    <ImportDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      me={p.me}
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: [...channelKeys.all, p.workspaceId] })
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.members(p.workspaceId) })
      }}
      open
      onClose={p.onClose}
    />
  )
}
