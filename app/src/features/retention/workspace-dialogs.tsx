// The retention dialog as the shell's dialog host opens it (a lazy chunk: feature.ts).
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import RetentionDialog from './components/RetentionDialog.tsx'

export default function Retention(p: WorkspaceDialogProps) {
  return (
    <RetentionDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      channels={p.channels}
      open
      onClose={p.onClose}
    />
  )
}
