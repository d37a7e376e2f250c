// The members panel's parts (issue 51, item 1): what features add under the people of the open
// channel (the groups that have people here). A feature adds one in its members-part.tsx;
// features/members-parts.tsx finds them by import.meta.glob. Each part is a lazy chunk, loaded
// once the first screen is shown.
import type { ComponentType } from 'react'

export interface MembersPartProps {
  workspaceId: string
  channelId: string
  /** The channel's people. */
  memberIds: string[]
}

/** A feature's members-part.tsx default export. */
export interface MembersPart {
  /** Its place among the others (lowest first). */
  order: number
  load: () => Promise<{ default: ComponentType<MembersPartProps> }>
}
