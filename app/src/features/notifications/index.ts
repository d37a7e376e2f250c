export { badgeOf, dndActive, effectiveLevel, shouldNotify, sumBadges, titleWith } from './rules.ts'
export type { Badge, ChannelPrefs, DoNotDisturb, NotifyLevel } from './rules.ts'
export { useWorkspaceBadges } from './data/badges-query.ts'
export { useTitleBadge } from './components/use-title-badge.ts'
