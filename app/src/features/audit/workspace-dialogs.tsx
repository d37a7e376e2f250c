// The audit log as the shell's dialog host opens it (a lazy chunk: feature.ts).
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import AuditLogDialog from './components/AuditLogDialog.tsx'

export default function AuditLog(p: WorkspaceDialogProps) {
  return (
    <AuditLogDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      members={p.members}
      open
      onClose={p.onClose}
    />
  )
}
