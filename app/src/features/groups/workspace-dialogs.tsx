// The groups dialog as the shell's dialog host opens it (a lazy chunk: feature.ts).
import { isAdminOf, isOwnerOf } from '../../slots/workspace.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import GroupsDialog from './components/GroupsDialog.tsx'

export default function Groups(p: WorkspaceDialogProps) {
  return (
    <GroupsDialog
      workspaceId={p.workspaceId}
      me={p.me}
      members={p.members}
      isAdmin={isAdminOf(p)}
      isOwner={isOwnerOf(p)}
      open
      onClose={p.onClose}
    />
  )
}
