// Custom emoji in the workspace (slots/workspace.ts): the "Custom emoji" screen, for everyone
// but guests (who may add them is the workspace's setting, shown there).
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const customEmoji: WorkspaceFeature = {
  id: 'custom-emoji',
  menu: [
    { dialog: 'custom-emoji', order: 35, label: () => t`Custom emoji`, shown: (s) => !s.isGuest },
  ],
  dialogs: [{ id: 'custom-emoji', load: () => import('./workspace-dialogs.tsx') }],
}
export default customEmoji
