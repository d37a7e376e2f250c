// Notifications: the rail's badges, the title's count and the browser notifier are the rail's
// part (rail-part.tsx, slots/rail.ts); the sidebar shows a channel's badge and the permission
// prompt from here; presence shows my Do Not Disturb. Preferences (features/preferences) changes
// my settings with the hooks and rules below.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
export { badgeOf, dndActive } from './rules.ts'
export type { DoNotDisturb, NotifyLevel } from './rules.ts'
/** The sidebar's line asking for notifications: after the first screen, never part of it. */
export const NotificationPrompt = lazyRetrying(
  () => import('./components/NotificationPrompt.tsx'),
  Nothing
)
export { useDndActive } from './components/use-dnd-active.ts'
export { DueReminders } from './components/DueReminders.tsx'
export { useNotificationSettings } from './data/settings.ts'
export { useNotificationMutations } from './data/settings-changes.ts'
