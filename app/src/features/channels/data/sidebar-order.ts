// The order the sidebar shows channels in, as data: Alt+Up/Down walks the same list the sidebar
// draws, without reading it back from the page.
import { arrange, shownIn } from '../../sections/index.ts'
import type { SectionRow } from '../../sections/index.ts'
import { channelLabel } from './types.ts'
import type { Channel } from './types.ts'

export interface SidebarSections {
  /** Open (not archived) channels, by name. */
  rooms: Channel[]
  /** Open direct messages, by the names shown for them. */
  dms: Channel[]
}

export function sidebarSections(channels: Channel[], me: string): SidebarSections {
  const open = channels.filter((c) => !c.archivedAt)
  return {
    rooms: open
      .filter((c) => c.kind !== 'dm')
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    dms: open
      .filter((c) => c.kind === 'dm')
      .sort((a, b) => channelLabel(a, me).localeCompare(channelLabel(b, me))),
  }
}

/**
 * The channel `step` places from the open one in the sidebar's order (my sections', `rows`, and
 * what collapsed ones show), or null past either end. From a channel the sidebar does not show
 * (archived, not joined), down is the first one.
 */
export function channelAfter(
  channels: Channel[],
  me: string,
  currentId: string | null,
  step: 1 | -1,
  rows?: SectionRow[]
): Channel | null {
  const { rooms, dms } = sidebarSections(channels, me)
  const order = arrange(rooms, dms, rows).flatMap((s) => shownIn(s, currentId))
  return order[order.findIndex((c) => c.id === currentId) + step] ?? null
}
