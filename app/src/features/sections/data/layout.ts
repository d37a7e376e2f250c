// My sidebar's sections in a workspace (sidebar_sections with their placements: my own rows
// only), and the sidebar's lists arranged by them. First-screen code: the query and the
// arranging only; its fetch (fetch-rows.ts) and every change (calls.ts) are lazy. The query is
// kept on the device with the channel list (lib/offline-queries.ts), so a return visit draws my
// sections at once.
import { useQuery } from '@tanstack/react-query'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import type { Section, SectionRow } from './types.ts'

export type { Section, SectionKind, SectionRow, SectionSort } from './types.ts'

export const sectionKeys = {
  all: ['sections'] as const,
  layout: (workspaceId: string) => ['sections', workspaceId] as const,
}

export function useSectionRows(workspaceId: string) {
  return useQuery({
    queryKey: sectionKeys.layout(workspaceId),
    queryFn: () => import('./fetch-rows.ts').then((m) => m.fetchRows(workspaceId)),
    // Once the first screen is shown (a return visit draws the rows kept on the device at once).
    enabled: useAfterFirstScreen(),
  })
}

/**
 * The sections in their order: Starred first (when it holds any), then mine and the built-in
 * Channels and Direct messages by position. A channel placed in a section leaves its default one.
 * `rooms` and `dms` come by name; a built-in sorted by most recent (Direct messages' default)
 * shows the one last written in first.
 */
export function arrange<C extends { id: string; activeAt?: string | null }>(
  rooms: C[],
  dms: C[],
  rows: SectionRow[] = []
): Section<C>[] {
  const byId = new Map([...rooms, ...dms].map((c) => [c.id, c]))
  const placed = new Set<string>()
  const sections: Section<C>[] = rows
    .filter((r) => r.kind !== 'channels' && r.kind !== 'dms')
    .map((r) => ({
      ...r,
      key: r.kind === 'custom' ? r.id : r.kind,
      position: r.kind === 'starred' ? -1e9 : r.position,
      sort: null,
      channels: r.sidebar_placements
        .sort((a, b) => a.position - b.position)
        .map((p) => byId.get(p.channel_id)!)
        .filter((c) => c && placed.add(c.id)),
    }))
  for (const kind of ['channels', 'dms'] as const) {
    const r = rows.find((x) => x.kind === kind)
    const sort = r?.sort ?? (kind === 'dms' ? 'recent' : 'alpha')
    const channels = (kind === 'dms' ? dms : rooms).filter((c) => !placed.has(c.id))
    if (sort === 'recent') channels.sort((a, b) => at(b) - at(a))
    sections.push({
      key: kind,
      kind,
      name: null,
      collapsed: !!r?.collapsed,
      position: r?.position ?? (kind === 'dms' ? 2e6 : 1e6),
      sort,
      channels,
    })
  }
  return sections
    .filter((s) => s.kind !== 'starred' || s.channels.length)
    .sort((a, b) => a.position - b.position)
}

const at = (c: { activeAt?: string | null }) => Date.parse(c.activeAt ?? '') || 0

/** What a section shows: all of it, or, collapsed, its open channel only. */
export const shownIn = <C extends { id: string }>(s: Section<C>, activeId: string | null): C[] =>
  s.collapsed ? s.channels.filter((c) => c.id === activeId) : s.channels
