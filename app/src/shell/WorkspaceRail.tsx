// The narrow column of workspaces (switch between them, create one) and my profile button. Each
// workspace shows its badge from the rail's parts (slots/rail.ts): its red count or a dot.
import { useRailParts } from '../features/rail-parts.tsx'
import { Avatar } from '../features/profiles/index.ts'
import type { Workspace } from '../features/workspaces/index.ts'
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
  const rail = useRailParts()
  return (
    <nav className="rail" aria-label="Workspaces">
      {rail.parts.map(({ part: Part, report }, i) => (
        <Part key={i} workspaces={workspaces} activeId={activeId} me={me} onBadges={report} />
      ))}
      <ul>
        {workspaces.map((w) => {
          const badge = w.id === activeId ? { count: 0, bold: false } : rail.badgeOf(w.id)
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
