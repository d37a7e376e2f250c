// Sidebar sections (issue 71, item 3): my own sections of a workspace's sidebar, Starred built in,
// kept on my account (sidebar_sections, sidebar_placements). The channels' Sidebar draws them from
// what this exports (first-screen code: the query and the arranging); what makes them act
// (components/SidebarControls.tsx: collapsing, the menus and their dialogs, and dragging with
// @dnd-kit, SortableSections.tsx, which draws the sections again through the Sidebar's Draw) is a
// chunk it loads once the first screen is shown; live-part.tsx keeps them fresh from my user
// topic; feature.ts puts "Create section…" in the workspace menu; header-part.tsx the star in the
// channel header.
export { arrange, shownIn, useSectionRows } from './data/layout.ts'
export type { Section, SectionRow } from './data/layout.ts'
export type { Draw, MenuChannel, SectionsMenuProps } from './data/menu-types.ts'

/** What makes the sidebar's sections act: collapsing, their menus and dialogs (a lazy chunk). */
export const loadSectionControls = () => import('./components/SidebarControls.tsx')
