// The narrow column of workspaces (switch between them, create one) and my profile button.
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
  return (
    <nav className="rail" aria-label="Workspaces">
      <ul>
        {workspaces.map((w) => {
          const unread = w.unread > 0 && w.id !== activeId
          return (
            <li key={w.id}>
              <Link
                href={`/w/${w.id}`}
                className={`rail-item${w.id === activeId ? ' active' : ''}`}
                aria-label={`${w.name}${unread ? `, ${w.unread} unread` : ''}`}
                aria-current={w.id === activeId ? 'page' : undefined}
                title={w.name}
              >
                {[...w.name.trim()][0]?.toUpperCase() ?? '?'}
                {unread && <span className="rail-dot" aria-hidden="true" />}
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
