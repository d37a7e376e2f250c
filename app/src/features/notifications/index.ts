// Notifications: the rail's badges, the title's count and the browser notifier are the rail's
// part (rail-part.tsx, slots/rail.ts); the sidebar shows a channel's badge, the permission prompt
// and the bell from here; presence shows my Do Not Disturb.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
export { badgeOf } from './rules.ts'
/** The sidebar's line asking for notifications: after the first screen, never part of it. */
export const NotificationPrompt = lazyRetrying(
  () => import('./components/NotificationPrompt.tsx'),
  Nothing
)
export { NotificationsButton } from './components/NotificationsButton.tsx'
export { useDndActive } from './components/use-dnd-active.ts'
