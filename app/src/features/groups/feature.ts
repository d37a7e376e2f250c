// Groups in the workspace (slots/workspace.ts): for everyone but guests.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const groups: WorkspaceFeature = {
  id: 'groups',
  menu: [{ dialog: 'groups', order: 30, label: () => t`Groups`, shown: (s) => !s.isGuest }],
  dialogs: [{ id: 'groups', load: () => import('./workspace-dialogs.tsx') }],
}
export default groups
