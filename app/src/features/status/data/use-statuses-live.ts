// Statuses change live: set_status() and clear_status() send each change to the person's
// workspaces and to themselves (live:workspace:<id>, live:user:<id>). A status that reaches its
// clear_at is dropped here at that moment (the database sends nothing then: it reads as none).
import { useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { patchLive } from '../../../lib/query-client.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { statusKeys } from './keys.ts'
import { useStatusesQuery } from './statuses-query.ts'
import { isCurrent, toStatus } from './types.ts'
import type { StatusRow, Statuses } from './types.ts'

/** The statuses after a live change (unchanged for other tables or malformed records). */
export function applyStatusChange(current: Statuses, change: LiveChange): Statuses {
  if (change.table !== 'user_statuses') return current
  const row = change.record as Partial<StatusRow>
  if (typeof row.user_id !== 'string') return current
  const next = { ...current }
  if (change.operation === 'DELETE') delete next[row.user_id]
  else if (typeof row.emoji === 'string') next[row.user_id] = toStatus(row as StatusRow)
  return next
}

/** The statuses without those cleared by `now`. */
export function withoutCleared(current: Statuses, now: number): Statuses {
  const kept = Object.entries(current).filter(([, s]) => isCurrent(s, now))
  return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept)
}

/** The next moment one of the statuses clears, or null. */
export function nextClearAt(current: Statuses, now: number): number | null {
  const times = Object.values(current)
    .map((s) => (s.clearAt === null ? NaN : Date.parse(s.clearAt)))
    .filter((t) => t > now)
  return times.length ? Math.min(...times) : null
}

function patch(client: QueryClient, change: LiveChange) {
  patchLive<Statuses>(client, statusKeys.all, (current) =>
    current ? applyStatusChange(current, change) : current
  )
}

export function useStatusesLive(workspaceId: string, me: string) {
  const client = useCatchUpClient()
  const statuses = useStatusesQuery(me !== '')

  useEffect(() => {
    if (!me) return
    const onChange = (change: LiveChange) => patch(client, change)
    const leaveWorkspace = subscribeLive(liveTopic.workspace(workspaceId), {
      onChange,
      // Changes made while not joined were not heard: read them again.
      onJoined: (joined) => {
        if (joined)
          void catchUp(client, liveTopic.workspace(workspaceId), { queryKey: statusKeys.all })
      },
    })
    const leaveMine = subscribeLive(liveTopic.user(me), { onChange })
    return () => {
      leaveWorkspace()
      leaveMine()
    }
  }, [client, workspaceId, me])

  useEffect(() => {
    if (!statuses.data) return
    const at = nextClearAt(statuses.data, Date.now())
    if (at === null) return
    const timer = window.setTimeout(
      () => {
        client.setQueryData<Statuses>(statusKeys.all, (current) =>
          current ? withoutCleared(current, Date.now()) : current
        )
      },
      Math.min(at - Date.now() + 50, 2 ** 31 - 1)
    )
    return () => window.clearTimeout(timer)
  }, [client, statuses.data])
}
