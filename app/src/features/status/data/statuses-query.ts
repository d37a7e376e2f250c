// Every status I can read (the select policy leaves out other people's and expired ones), kept
// current by the live topics (use-statuses-live.ts).
import { useCallback, useContext, useSyncExternalStore } from 'react'
import { QueryClientContext, useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { STALE } from '../../../lib/query-client.ts'
import { statusKeys } from './keys.ts'
import { isCurrent, toStatus } from './types.ts'
import type { Status, Statuses } from './types.ts'

export async function fetchStatuses(): Promise<Statuses> {
  const { data, error } = await supabase()
    .from('user_statuses')
    .select('user_id, emoji, text, clear_at')
  if (error) throw error
  return Object.fromEntries(data.map((row) => [row.user_id, toStatus(row)]))
}

export function useStatusesQuery(enabled = true) {
  return useQuery({
    queryKey: statusKeys.all,
    queryFn: fetchStatuses,
    staleTime: STALE.MINUTES.FIVE,
    enabled,
  })
}

const noop = () => {}

/**
 * The person's status now, or null (none, cleared, not loaded yet, or no query client: a row
 * rendered on its own). It reads the cache the shell's useStatusesLive fills and keeps; it never
 * fetches, so each name shown costs no query observer.
 */
export function useStatusOf(userId: string): Status | null {
  return statusIn(useStatuses(), userId)
}

/** Every status in the cache (undefined: none loaded), as useStatusOf reads it. */
export function useStatuses(): Statuses | undefined {
  const client = useContext(QueryClientContext)
  const subscribe = useCallback(
    (onChange: () => void) => (client ? client.getQueryCache().subscribe(onChange) : noop),
    [client]
  )
  return useSyncExternalStore(subscribe, () => client?.getQueryData<Statuses>(statusKeys.all))
}

/** The person's status now among `statuses`, or null. */
export function statusIn(statuses: Statuses | undefined, userId: string): Status | null {
  const status = statuses?.[userId]
  return isCurrent(status, Date.now()) ? status : null
}
