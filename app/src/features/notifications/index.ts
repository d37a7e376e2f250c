// Notifications: the rail's badges, the title's count and the browser notifier are the rail's
// part (rail-part.tsx, slots/rail.ts); the sidebar shows a channel's badge and the permission
// prompt from here; presence shows my Do Not Disturb (DndReport). Preferences (features/preferences) changes
// my settings with the hooks and rules below.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
export { badgeOf } from './badges.ts'
export type { DoNotDisturb, NotifyLevel } from './rules.ts'
/** The sidebar's line asking for notifications: after the first screen, never part of it. */
export const NotificationPrompt = lazyRetrying(
  () => import('./components/NotificationPrompt.tsx'),
  Nothing
)
/** Reports my Do Not Disturb (on or off, as it changes) to `onChange`: a chunk of its own. */
export const DndReport = lazyRetrying(() => import('./components/DndReport.tsx'), Nothing)
/** Preferences → Notifications (the reminders that have come, levels, Do Not Disturb, emails,
 * push), and Workspace settings' email delay: chunks of their own, with the settings' changes
 * and the body-to-text converter they need, never the first screen's. */
export const NotificationsTab = lazyRetrying(
  () => import('./components/NotificationsTab.tsx'),
  Nothing
)
export type { OpenConversation } from './components/NotificationsTab.tsx'
export const EmailDelay = lazyRetrying(() => import('./components/EmailDelay.tsx'), Nothing)
