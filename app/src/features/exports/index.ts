// Exports (issue 34, part 2): Settings, Export, a lazy chunk opened from the workspace menu
// (nothing here is part of the first screen). The building is the workspace-export Edge
// Function's, in the background; the app asks, shows the state and hands out the download link.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const ExportDialog = lazyRetrying(() => import('./components/ExportDialog.tsx'), NotLoaded)
/** The banner telling a member that what the workspace's exports hold has changed. */
export const ExportNotice = lazyRetrying(() => import('./components/ExportNotice.tsx'), Nothing)
