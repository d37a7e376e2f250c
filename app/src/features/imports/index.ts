// Import from Slack (issue 34, part 1): Settings, Import from Slack for workspace owners, a lazy
// chunk (nothing here is part of the first screen). The importing is the Edge Function
// slack-import's, in the background (supabase/functions/slack-import/).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const ImportDialog = lazyRetrying(() => import('./components/ImportDialog.tsx'), NotLoaded)
