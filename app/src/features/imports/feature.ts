// Import from Slack in the workspace (slots/workspace.ts): for owners.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const imports: WorkspaceFeature = {
  id: 'imports',
  menu: [
    { dialog: 'import', order: 80, label: () => t`Import from Slack`, shown: (s) => s.isOwner },
  ],
  dialogs: [{ id: 'import', load: () => import('./workspace-dialogs.tsx') }],
}
export default imports
