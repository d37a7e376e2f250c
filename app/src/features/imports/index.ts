// Import from Slack (issue 34, part 1): Settings, Import from Slack for workspace owners, a lazy
// chunk. The importing is the `imports` Edge Function's, in the background
// (supabase/functions/imports/). On the first screen, and kept that small: an imported
// person's mark (issue 49, item 1), ImportedBadge after a name (person-part.tsx) and the IMPORTED marker on their
// messages (message-extension.tsx, through the message screen's slot).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const ImportDialog = lazyRetrying(() => import('./components/ImportDialog.tsx'), NotLoaded)
