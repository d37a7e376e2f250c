// The narrow column of workspaces (switch between them, create one) and my profile button. Each
// workspace shows its red count (mentions and DMs) or a dot (other unread; muted channels
// neither); the total is in the title and on the favicon.
import { Suspense } from 'react'
import { channelLabel, useChannelsQuery } from '../features/channels/index.ts'
import {
  badgeOf,
  sumBadges,
  BrowserNotifier,
  useNotificationSettings,
  useTitleBadge,
  useWorkspaceBadges,
} from '../features/notifications/index.ts'
import type { Badge, BrowserNotifierOptions } from '../features/notifications/index.ts'
import { Avatar } from '../features/profiles/index.ts'
import type { Workspace } from '../features/workspaces/index.ts'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { useRoute } from '../lib/router.ts'
import { Link } from '../ui/Link.tsx'

interface Props {
  workspaces: Workspace[]
  activeId: string
  me: string
  myName: string
  myAvatar: string | null
  onProfile: () => void
}

export function WorkspaceRail({ workspaces, activeId, me, myName, myAvatar, onProfile }: Props) {
  // The other workspaces' badges (none to fetch, nor to poll, with only one workspace).
  const others = useWorkspaceBadges(workspaces.length > 1).data
  // The open workspace's from its channel list, which moves live and on every read.
  const channels = useChannelsQuery(activeId).data
  const badgeOfWorkspace = (id: string): Badge => {
    if (id === activeId && channels) {
      return sumBadges(
        channels.map((c) =>
          badgeOf({ kind: c.kind, unread: c.unread, mentions: c.mentions, muted: !!c.muted })
        )
      )
    }
    return others?.[id] ?? { count: 0, bold: false }
  }
  const badges = new Map(workspaces.map((w) => [w.id, badgeOfWorkspace(w.id)]))
  useTitleBadge(sumBadges(badges.values()).count)
  // Browser notifications for all my workspaces (one tab per person raises them).
  const route = useRoute()
  const settings = useNotificationSettings(activeId).data
  // The notifier's code is not part of the first screen: it loads once that is shown.
  const afterFirstScreen = useAfterFirstScreen()
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
          muted: !!c.muted,
          level: c.notifyLevel ?? null,
        }))
      : undefined,
    activeChannelId: route.name === 'workspace' ? route.channelId : null,
    defaultLevel: settings?.defaultLevel ?? 'mentions',
    dnd: settings?.dnd ?? {
      enabled: false,
      start: '22:00',
      end: '08:00',
      timeZone: 'UTC',
      snoozeUntil: null,
    },
  }
  return (
    <nav className="rail" aria-label="Workspaces">
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <BrowserNotifier {...notifier} />
        </Suspense>
      )}
      <ul>
        {workspaces.map((w) => {
          const badge = w.id === activeId ? { count: 0, bold: false } : badges.get(w.id)!
          const label = [
            w.name,
            badge.count > 0 ? `${badge.count} mentions and direct messages` : null,
            badge.bold && badge.count === 0 ? 'unread' : null,
          ]
            .filter(Boolean)
            .join(', ')
          return (
            <li key={w.id}>
              <Link
                href={`/w/${w.id}`}
                className={`rail-item${w.id === activeId ? ' active' : ''}`}
                aria-label={label}
                aria-current={w.id === activeId ? 'page' : undefined}
                title={w.name}
              >
                {[...w.name.trim()][0]?.toUpperCase() ?? '?'}
                {badge.count > 0 ? (
                  <span className="rail-count" aria-hidden="true">
                    {badge.count > 99 ? '99+' : badge.count}
                  </span>
                ) : (
                  badge.bold && <span className="rail-dot" aria-hidden="true" />
                )}
              </Link>
            </li>
          )
        })}
        <li>
          <Link
            href="/new"
            className="rail-item rail-add"
            aria-label="Create a workspace"
            title="Create a workspace"
          >
            +
          </Link>
        </li>
      </ul>
      <button type="button" className="rail-profile" aria-label="Your profile" onClick={onProfile}>
        <Avatar name={myName} userId={me} path={myAvatar} size={32} online />
      </button>
    </nav>
  )
}
