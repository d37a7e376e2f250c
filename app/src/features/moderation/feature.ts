// Moderation in the workspace (slots/workspace.ts): the reports, for admins.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const moderation: WorkspaceFeature = {
  id: 'moderation',
  menu: [{ dialog: 'reports', order: 50, label: () => t`Reports`, shown: (s) => s.isAdmin }],
  dialogs: [{ id: 'reports', load: () => import('./workspace-dialogs.tsx') }],
  // A workspace where I am suspended says so, in place of the shell's "not available".
  gate: { order: 20, load: () => import('./components/SuspendedWorkspace.tsx') },
}
export default moderation
