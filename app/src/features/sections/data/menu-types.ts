// What the sidebar hands its lazy sections menu and controls (the chunk's props, apart from the
// chunk).
import type { HTMLAttributes, ReactElement, ReactNode, Ref } from 'react'
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

/** What a drag adds to a section's or a link's element (its ref, style and handlers). */
export type Own = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }

/**
 * How the sidebar draws its sections and links (Sidebar.tsx), for the chunk that makes them act
 * to draw them the same, dragged.
 */
export interface Draw<C> {
  link(c: C, own?: Own): ReactElement
  section(s: Section<C>, links: ReactNode, own?: Own): ReactElement
}
