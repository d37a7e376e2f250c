// Exports in the workspace (slots/workspace.ts): the whole workspace for owners, one's own data
// for everyone else.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const exports: WorkspaceFeature = {
  id: 'exports',
  menu: [
    { dialog: 'export', order: 90, label: (s) => (s.isOwner ? t`Export` : t`Export my data`) },
  ],
  dialogs: [{ id: 'export', load: () => import('./workspace-dialogs.tsx') }],
  // The banner telling a member that what the workspace's exports hold has changed.
  notice: { load: () => import('./components/ExportNotice.tsx') },
}
export default exports
