// A person's status (emoji, text, when it clears): shown next to names, set from the profile
// dialog (StatusPanel, a chunk of its own), kept live while a workspace is open (live-part.tsx).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export { StatusEmoji } from './components/StatusEmoji.tsx'
export { useStatusOf } from './data/statuses-query.ts'
export type { Status } from './data/types.ts'

export const StatusPanel = lazyRetrying(() => import('./components/StatusPanel.tsx'), NotLoaded)
