// The reports dialog as the shell's dialog host opens it (a lazy chunk: feature.ts).
import { isOwnerOf } from '../../slots/workspace.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import ReportsDialog from './components/ReportsDialog.tsx'

export default function Reports(p: WorkspaceDialogProps) {
  return (
    <ReportsDialog
      workspaceId={p.workspaceId}
      me={p.me}
      isOwner={isOwnerOf(p)}
      members={p.members}
      open
      onClose={p.onClose}
    />
  )
}
