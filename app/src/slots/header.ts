// The channel header's parts (issue 51, item 1): what features add to the open channel's header,
// before its own buttons (search and its keys), or under its name (a DM's other person: their
// presence, status and local time). A feature adds one in its header-part.tsx;
// features/header-parts.tsx finds them by import.meta.glob. A part is first-screen code: keep it
// small and load the rest on first use.
import type { ComponentType } from 'react'
import type { Channel } from '../features/channels/index.ts'
import type { Member } from '../features/workspaces/index.ts'

export interface HeaderPartProps {
  workspaceId: string
  workspaceName: string
  /** My channels in this workspace. */
  channels: Channel[]
  members: Member[]
  me: string
  nameOf: (userId: string) => string
  /** The open channel. */
  channelId: string | null
}

export type HeaderPlace = 'actions' | 'about'

/** A feature's header-part.tsx default export. */
export interface HeaderPart {
  /** Its place among the others (lowest first). */
  order: number
  /** Where: before the header's buttons (the default), or under the channel's name. */
  place?: HeaderPlace
  Part: ComponentType<HeaderPartProps>
}
