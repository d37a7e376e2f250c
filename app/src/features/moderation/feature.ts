// Moderation in the workspace (slots/workspace.ts): the reports, for admins.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const moderation: WorkspaceFeature = {
  id: 'moderation',
  menu: [{ dialog: 'reports', order: 50, label: () => 'Reports', shown: (s) => s.isAdmin }],
  dialogs: [{ id: 'reports', load: () => import('./workspace-dialogs.tsx') }],
}
export default moderation
