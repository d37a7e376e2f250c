// What a fixed list of parts reports: each part is rendered with its own `report` callback
// (stable for the list's life) and calls it whenever its value changes, from its own hooks. The
// slots whose parts give something back (the composer's names, the rail's badges) hold their
// reports here: a part may not be called as a hook in a loop, but it may be rendered.
import { useMemo, useState } from 'react'

/** Each part with its `report`, and the latest value each reported (by the part's index). */
export function useReports<P, T>(parts: readonly P[]) {
  const [reports, setReports] = useState<readonly T[]>([])
  const reporters = useMemo(
    () =>
      parts.map((part, i) => ({
        part,
        report: (value: T) => setReports((all) => Object.assign([...all], { [i]: value })),
      })),
    [parts]
  )
  return { reports, reporters }
}
