// The integrations dialog as the shell's dialog host opens it (a lazy chunk: feature.ts).
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import IntegrationsDialog from './components/IntegrationsDialog.tsx'

export default function Integrations(p: WorkspaceDialogProps) {
  return (
    <IntegrationsDialog
      workspaceId={p.workspaceId}
      channels={p.channels}
      members={p.members}
      open
      onClose={p.onClose}
    />
  )
}
