// What the sidebar hands its lazy sections menu (the chunk's props, apart from the chunk).
import type { Section } from './layout.ts'

/** A channel or DM as the menu knows it. */
export interface MenuChannel {
  id: string
  kind: 'public' | 'private' | 'dm'
}

export interface SectionsMenuProps {
  workspaceId: string
  /** My sections as the sidebar draws them. */
  sections: Section<MenuChannel>[]
  /** What opened it: the focus goes back there. */
  anchor: HTMLElement
  /** A section's menu (its key), */
  section?: string
  /** or a channel's, */
  channelId?: string
  /** or straight to "Create section". */
  create?: boolean
  /** The menu, or its dialog, closed. */
  onDone?: () => void
}
