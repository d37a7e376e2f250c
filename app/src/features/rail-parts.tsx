// The rail's slot, filled (slots/rail.ts): every feature folder with a rail-part.tsx is in, found
// at build time by Vite's import.meta.glob (eager: the rail is on the first screen). Adding one
// touches only its folder.
import { useReports } from '../lib/reports.ts'
import type { RailBadge, RailPart } from '../slots/rail.ts'

const parts = Object.values(
  import.meta.glob<RailPart>('./*/rail-part.tsx', { eager: true, import: 'default' })
).map((p) => p.Part)

const NONE: RailBadge = { count: 0, bold: false }

/** Each workspace's badge, from every part's, and the parts to render with their reports. */
export function useRailParts() {
  const { reports, reporters } = useReports<RailPart['Part'], ReadonlyMap<string, RailBadge>>(parts)
  const badgeOf = (workspaceId: string): RailBadge =>
    reports.reduce((sum: RailBadge, badges) => {
      const badge = badges.get(workspaceId) ?? NONE
      return { count: sum.count + badge.count, bold: sum.bold || badge.bold }
    }, NONE)
  return { badgeOf, parts: reporters }
}
