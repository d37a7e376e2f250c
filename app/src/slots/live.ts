// What a feature keeps running while a workspace is open (issue 51, item 1): a part that renders
// nothing and runs its hooks (statuses kept live, the activity beacon @here reads). A feature adds
// one in its live-part.tsx; features/live-parts.tsx finds them by import.meta.glob and the shell
// mounts them with the workspace once the first screen is shown (their code is loaded then).
import type { ComponentType } from 'react'

export interface LivePartProps {
  workspaceId: string
  /** My user id ('' until signed in). */
  me: string
  /** A guest sees only their channels: no workspace topics. */
  isGuest: boolean
}

/** A feature's live-part.tsx default export. */
export interface LivePart {
  Live: ComponentType<LivePartProps>
}
