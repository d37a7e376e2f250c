// The audit log in the workspace (slots/workspace.ts): for owners.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const audit: WorkspaceFeature = {
  id: 'audit',
  menu: [{ dialog: 'audit-log', order: 60, label: () => t`Audit log`, shown: (s) => s.isOwner }],
  dialogs: [{ id: 'audit-log', load: () => import('./workspace-dialogs.tsx') }],
}
export default audit
