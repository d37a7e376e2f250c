// Analytics in the workspace (slots/workspace.ts): for owners and admins, how busy each channel
// is. The whole feature is this folder and its migration (*_chorus_analytics.sql).
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const analytics: WorkspaceFeature = {
  id: 'analytics',
  menu: [{ dialog: 'analytics', order: 45, label: () => t`Analytics`, shown: (s) => s.isAdmin }],
  dialogs: [{ id: 'analytics', load: () => import('./workspace-dialogs.tsx') }],
}
export default analytics
