// The notifications' part of the rail (slots/rail.ts): each workspace's badge (its red count of
// mentions and direct messages, or a dot for other unread; muted channels neither), their total in
// the title and on the favicon, and the browser notifier for all my workspaces (one tab per person
// raises them); the title's badge and the notifier load once the first screen is shown.
import { Suspense, useEffect, useMemo } from 'react'
import { channelLabel, useChannelsQuery } from '../channels/index.ts'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import { useRoute } from '../../lib/router.ts'
import type { RailPart, RailPartProps } from '../../slots/rail.ts'
import { badgeOf, sumBadges } from './rules.ts'
import type { Badge } from './rules.ts'
import { useWorkspaceBadges } from './data/badges-query.ts'
import { useNotificationSettings } from './data/settings.ts'
import { BrowserNotifier, TitleBadge } from './components/lazy-browser-notifier.ts'
import './components/badges.css'
import type { BrowserNotifierOptions } from './components/use-browser-notifications.ts'

const NO_DND = { enabled: false, start: '22:00', end: '08:00', timeZone: 'UTC', snoozeUntil: null }

function Notifications({ workspaces, activeId, me, onBadges }: RailPartProps) {
  // The other workspaces' badges (none to fetch, nor to poll, with only one workspace).
  const others = useWorkspaceBadges(workspaces.length > 1).data
  // The open workspace's from its channel list, which moves live and on every read.
  const channels = useChannelsQuery(activeId).data
  const badges = useMemo(() => {
    const of = (id: string): Badge =>
      id === activeId && channels
        ? sumBadges(
            channels.map((c) =>
              badgeOf({ kind: c.kind, unread: c.unread, mentions: c.mentions, muted: !!c.muted })
            )
          )
        : (others?.[id] ?? { count: 0, bold: false })
    return new Map(workspaces.map((w) => [w.id, of(w.id)]))
  }, [workspaces, activeId, channels, others])
  useEffect(() => onBadges(badges), [badges, onBadges])
  const total = sumBadges(badges.values()).count

  const route = useRoute()
  const settings = useNotificationSettings(activeId).data
  const afterFirstScreen = useAfterFirstScreen()
  if (!afterFirstScreen) return null
  const notifier: BrowserNotifierOptions = {
    workspaceId: activeId,
    workspaces,
    me,
    channels: settings
      ? channels?.map((c) => ({
          id: c.id,
          kind: c.kind,
          label: channelLabel(c, me),
          lastSeq: c.lastSeq,
          lastReadSeq: c.lastReadSeq,
          muted: !!c.muted,
          level: c.notifyLevel ?? null,
        }))
      : undefined,
    activeChannelId: route.name === 'workspace' ? route.channelId : null,
    defaultLevel: settings?.defaultLevel ?? 'mentions',
    dnd: settings?.dnd ?? NO_DND,
  }
  return (
    <Suspense fallback={null}>
      <TitleBadge total={total} />
      <BrowserNotifier {...notifier} />
    </Suspense>
  )
}

const part: RailPart = { Part: Notifications }
export default part
