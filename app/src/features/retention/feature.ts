// Retention in the workspace (slots/workspace.ts): for owners.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const retention: WorkspaceFeature = {
  id: 'retention',
  menu: [{ dialog: 'retention', order: 70, label: () => t`Retention`, shown: (s) => s.isOwner }],
  dialogs: [{ id: 'retention', load: () => import('./workspace-dialogs.tsx') }],
}
export default retention
