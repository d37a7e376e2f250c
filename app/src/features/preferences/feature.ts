// Preferences (everyone's own: notifications, Do Not Disturb, theme, language, sidebar density)
// and Workspace settings (owners and admins only), in the workspace menu and the dialog host
// (slots/workspace.ts); the sidebar's "Notifications" opens Preferences too.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

import type * as Dialogs from './workspace-dialogs.tsx'
import type { ComponentType } from 'react'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'

const load = (pick: (m: typeof Dialogs) => ComponentType<WorkspaceDialogProps>) => () =>
  import('./workspace-dialogs.tsx').then((m) => ({ default: pick(m) }))

const preferences: WorkspaceFeature = {
  id: 'preferences',
  menu: [
    { dialog: 'preferences', order: 5, label: () => t`Preferences` },
    {
      dialog: 'workspace-settings',
      order: 15,
      label: () => t`Workspace settings`,
      shown: (s) => s.isAdmin,
    },
  ],
  dialogs: [
    { id: 'preferences', load: load((m) => m.Preferences) },
    { id: 'workspace-settings', load: load((m) => m.WorkspaceSettings) },
  ],
}
export default preferences
