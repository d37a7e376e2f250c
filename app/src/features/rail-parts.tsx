// The rail's slot, filled (slots/rail.ts): every feature folder with a rail-part.tsx is in, found
// at build time by Vite's import.meta.glob (eager: the rail is on the first screen). Adding one
// touches only its folder.
import { useMemo, useState } from 'react'
import type { RailBadge, RailPart, RailPartProps } from '../slots/rail.ts'

const parts = Object.values(
  import.meta.glob<RailPart>('./*/rail-part.tsx', { eager: true, import: 'default' })
)

const NONE: RailBadge = { count: 0, bold: false }

/** Each workspace's badge, from every part's, and the parts to render with their reports. */
export function useRailParts(): {
  badgeOf: (workspaceId: string) => RailBadge
  parts: { Part: RailPart['Part']; onBadges: RailPartProps['onBadges'] }[]
} {
  const [reports, setReports] = useState<ReadonlyMap<string, RailBadge>[]>([])
  const withReports = useMemo(
    () =>
      parts.map(({ Part }, i) => ({
        Part,
        onBadges: (badges: ReadonlyMap<string, RailBadge>) =>
          setReports((all) => Object.assign([...all], { [i]: badges })),
      })),
    []
  )
  const badgeOf = (workspaceId: string): RailBadge =>
    reports.reduce((sum: RailBadge, badges) => {
      const badge = badges.get(workspaceId) ?? NONE
      return { count: sum.count + badge.count, bold: sum.bold || badge.bold }
    }, NONE)
  return { badgeOf, parts: withReports }
}
