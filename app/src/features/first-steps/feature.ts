// A new workspace's first steps (issue 68; slots/workspace.ts): the checklist at the sidebar's
// foot (a notice, after the first screen) and the instructions for installing Chorus on a phone.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const firstSteps: WorkspaceFeature = {
  id: 'first-steps',
  dialogs: [{ id: 'install-app', load: () => import('./components/InstallDialog.tsx') }],
  notice: { load: () => import('./components/FirstSteps.tsx') },
}
export default firstSteps
