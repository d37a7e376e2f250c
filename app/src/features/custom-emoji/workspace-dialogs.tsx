// The Custom emoji screen as the shell's dialog host opens it (a lazy chunk: feature.ts).
import { isAdminOf } from '../../slots/workspace.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import CustomEmojiDialog from './components/CustomEmojiDialog.tsx'

export default function CustomEmojiScreen(p: WorkspaceDialogProps) {
  return (
    <CustomEmojiDialog
      workspaceId={p.workspaceId}
      workspaceName={p.workspace?.name ?? ''}
      role={p.workspace?.role ?? 'member'}
      isAdmin={isAdminOf(p)}
      me={p.me}
      members={p.members}
      onClose={p.onClose}
    />
  )
}
