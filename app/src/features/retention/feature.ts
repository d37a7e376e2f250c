// Retention in the workspace (slots/workspace.ts): for owners.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const retention: WorkspaceFeature = {
  id: 'retention',
  menu: [{ dialog: 'retention', order: 70, label: () => 'Retention', shown: (s) => s.isOwner }],
  dialogs: [{ id: 'retention', load: () => import('./workspace-dialogs.tsx') }],
}
export default retention
