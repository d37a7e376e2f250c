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
export { NotificationPrompt } from './components/NotificationPrompt.tsx'
export { NotificationsButton } from './components/NotificationsButton.tsx'
export { useDndActive } from './components/use-dnd-active.ts'
