// Moderation (issue 35, part 4): the public face. The workspace menu's Reports screen (owners and
// admins) and the words for a workspace I was suspended from, each a lazy chunk; reporting,
// "Removed by an admin" and restoring are in the message screen's slot (message-extension.tsx).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const ReportsDialog = lazyRetrying(() => import('./components/ReportsDialog.tsx'), NotLoaded)
export const SuspendedWorkspace = lazyRetrying(
  () => import('./components/SuspendedWorkspace.tsx'),
  NotLoaded
)
