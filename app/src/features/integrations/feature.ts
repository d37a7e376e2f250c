// Integrations in the workspace (slots/workspace.ts): Settings → Integrations, for admins.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const integrations: WorkspaceFeature = {
  id: 'integrations',
  menu: [
    { dialog: 'integrations', order: 40, label: () => t`Integrations`, shown: (s) => s.isAdmin },
  ],
  dialogs: [{ id: 'integrations', load: () => import('./workspace-dialogs.tsx') }],
}
export default integrations
