// The invite and members dialogs as the shell's dialog host opens them (a lazy chunk:
// feature.ts).
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { InviteDialog } from './components/InviteDialog.tsx'
import { MembersDialog } from './components/MembersDialog.tsx'

export function Invite(p: WorkspaceDialogProps) {
  return (
    <InviteDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      userId={p.me}
      open
      onClose={p.onClose}
    />
  )
}

export function Members(p: WorkspaceDialogProps) {
  return (
    <MembersDialog
      workspaceId={p.workspaceId}
      members={p.members}
      me={p.me}
      myRole={p.workspace?.role ?? 'member'}
      open
      onClose={p.onClose}
    />
  )
}
