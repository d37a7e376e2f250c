// My profile (slots/workspace.ts), opened from the rail: its dialog, with sign-out.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const profiles: WorkspaceFeature = {
  id: 'profiles',
  dialogs: [{ id: 'profile', load: () => import('./workspace-dialogs.tsx') }],
}
export default profiles
