import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
export {
  badgeOf,
  dndActive,
  dndNextChange,
  effectiveLevel,
  shouldNotify,
  sumBadges,
  titleWith,
} from './rules.ts'
export type { Badge, ChannelPrefs, DoNotDisturb, NotifyLevel } from './rules.ts'
export { useWorkspaceBadges } from './data/badges-query.ts'
export { useNotificationSettings } from './data/settings.ts'
export { useTitleBadge } from './components/use-title-badge.ts'
export { BrowserNotifier } from './components/lazy-browser-notifier.ts'
export type {
  BrowserNotifierOptions,
  WatchedChannel,
} from './components/use-browser-notifications.ts'
/** The sidebar's line asking for notifications: after the first screen, never part of it. */
export const NotificationPrompt = lazyRetrying(
  () => import('./components/NotificationPrompt.tsx'),
  Nothing
)
export { NotificationsButton } from './components/NotificationsButton.tsx'
export { useDndActive } from './components/use-dnd-active.ts'
