// "Create section…" from the workspace menu (feature.ts), as the shell's dialog host opens it.
import type { WorkspaceDialogProps } from '../../../slots/workspace.ts'
import { NameDialog } from './NameDialog.tsx'

export default function CreateSectionDialog(props: WorkspaceDialogProps) {
  return <NameDialog workspaceId={props.workspaceId} onClose={props.onClose} />
}
