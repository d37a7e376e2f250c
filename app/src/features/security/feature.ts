// Security in the workspace (slots/workspace.ts): a workspace closed to this session by its
// two-factor requirement says so, in place of the shell's "not available".
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const security: WorkspaceFeature = {
  id: 'security',
  gate: { order: 10, load: () => import('./components/ClosedWorkspace.tsx') },
}
export default security
