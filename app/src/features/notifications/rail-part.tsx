// The notifications' part of the rail (slots/rail.ts): each workspace's badge (its red count of
// mentions and direct messages, or a dot for other unread; muted channels neither), their total in
// the title and on the favicon, and the browser notifier for all my workspaces (one tab per person
// raises them); the title's badge and the notifier (components/RailNotifier.tsx: their options
// made from my settings) load once the first screen is shown.
import { Suspense, useEffect, useMemo } from 'react'
import { useChannelsQuery } from '../channels/index.ts'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { RailPart, RailPartProps } from '../../slots/rail.ts'
import { badgeOf, sumBadges } from './badges.ts'
import type { Badge } from './badges.ts'
import { useWorkspaceBadges } from './data/badges-query.ts'
import './components/badges.css'

// The notifier's options and the title's badge: once the first screen is shown.
const RailNotifier = lazyRetrying(() => import('./components/RailNotifier.tsx'), Nothing)

function Notifications({ workspaces, activeId, me, onBadges }: RailPartProps) {
  // The other workspaces' badges (none to fetch, nor to poll, with only one workspace).
  const others = useWorkspaceBadges(workspaces.length > 1).data
  // The open workspace's from its channel list, which moves live and on every read.
  const channels = useChannelsQuery(activeId).data
  const badges = useMemo(() => {
    const of = (id: string): Badge =>
      id === activeId && channels
        ? sumBadges(channels.map(badgeOf))
        : (others?.[id] ?? { count: 0, bold: false })
    return new Map(workspaces.map((w) => [w.id, of(w.id)]))
  }, [workspaces, activeId, channels, others])
  useEffect(() => onBadges(badges), [badges, onBadges])
  const total = sumBadges(badges.values()).count

  return useAfterFirstScreen() ? (
    <Suspense fallback={null}>
      <RailNotifier
        workspaces={workspaces}
        activeId={activeId}
        me={me}
        channels={channels}
        total={total}
      />
    </Suspense>
  ) : null
}

const part: RailPart = { Part: Notifications }
export default part
