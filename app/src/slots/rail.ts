// The rail's parts (issue 51, item 1): what features add to the column of workspaces: each
// workspace's badge (a red count, or a dot for other unread), and what runs beside it (the
// browser notifier, the title's count). A part renders what runs and reports the badges; the
// rail shows them and names no feature. A feature adds one in its rail-part.tsx;
// features/rail-parts.tsx finds them by import.meta.glob (eager: the rail is on the first screen).
import type { ComponentType } from 'react'
import type { Workspace } from '../features/workspaces/index.ts'

/** A workspace's badge: its red count (mentions and direct messages), or bold (other unread). */
export interface RailBadge {
  count: number
  bold: boolean
}

export interface RailPartProps {
  workspaces: Workspace[]
  /** The open workspace. */
  activeId: string
  me: string
  /** Called with every workspace's badge whenever they change. */
  onBadges: (badges: ReadonlyMap<string, RailBadge>) => void
}

/** A feature's rail-part.tsx default export. */
export interface RailPart {
  Part: ComponentType<RailPartProps>
}
