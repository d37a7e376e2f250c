// Sidebar sections in the workspace menu (slots/workspace.ts): "Create section…" opens the
// dialog (a lazy chunk) that makes one.
import { t } from '@lingui/core/macro'
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const sections: WorkspaceFeature = {
  id: 'sections',
  menu: [{ dialog: 'create-section', order: 12, label: () => t`Create section…` }],
  dialogs: [{ id: 'create-section', load: () => import('./components/CreateSectionDialog.tsx') }],
}
export default sections
