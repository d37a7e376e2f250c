// The narrow column of workspaces (switch between them, create one) and my profile button. Each
// workspace shows its badge from the rail's parts (slots/rail.ts): its red count or a dot.
import { plural, t } from '@lingui/core/macro'
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
  const create = t`Create a workspace`
  return (
    <nav className="rail" aria-label={t`Workspaces`}>
      {rail.parts.map(({ part: Part, report }, i) => (
        <Part key={i} workspaces={workspaces} activeId={activeId} me={me} onBadges={report} />
      ))}
      <ul>
        {workspaces.map((w) => {
          const badge = w.id === activeId ? { count: 0, bold: false } : rail.badgeOf(w.id)
          const { name } = w
          const count = badge.count
          const label =
            count > 0
              ? plural(count, {
                  one: `${name}, # mention or direct message`,
                  other: `${name}, # mentions and direct messages`,
                })
              : badge.bold
                ? t`${name}, unread`
                : name
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
          <Link href="/new" className="rail-item rail-add" aria-label={create} title={create}>
            +
          </Link>
        </li>
      </ul>
      <button
        type="button"
        className="rail-profile"
        aria-label={t`Your profile`}
        onClick={onProfile}
      >
        <Avatar name={myName} userId={me} path={myAvatar} size={32} online />
      </button>
    </nav>
  )
}
