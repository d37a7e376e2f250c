// The export dialog as the shell's dialog host opens it (a lazy chunk: feature.ts).
import { isOwnerOf } from '../../slots/workspace.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import ExportDialog from './components/ExportDialog.tsx'

export default function Export(p: WorkspaceDialogProps) {
  return (
    <ExportDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      isOwner={isOwnerOf(p)}
      me={p.me}
      open
      onClose={p.onClose}
    />
  )
}
