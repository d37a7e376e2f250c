// The queries Chorus needs to open offline, kept per person (offline-cache.ts): my workspaces,
// their members, my channels and sidebar sections, channel rosters and profiles. Restored before
// the signed-in screens first render, so they show what was last known while the network has
// not answered. Restored queries are never taken as fresh: each fetches when a screen first uses
// it (a reload within the 30 s staleTime would otherwise keep, say, a workspace that has since
// closed).
import { dehydrate, hydrate } from '@tanstack/react-query'
import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query'
import { deferredWrite } from './deferred-write.ts'
import { readCachedQueries, writeCachedQueries } from './offline-cache.ts'

/** Writes wait this long, so a burst of updates is one write. */
const WRITE_DELAY_MS = 1000

export function isShellQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false
  const [root, a, b] = query.queryKey
  if (root === 'workspaces') return a === 'list' || b === 'members'
  // A channel's roster of over 1,000 people is not kept: the workspace's members are, and the
  // device's ~5 MB would not hold both at 20,000 people (2-3 MB each).
  if (root === 'channels')
    return b === 'list' || (a === 'members' && (query.state.data as unknown[]).length <= 1000)
  // My sidebar's sections (features/sections), with the channels they arrange.
  return root === 'profiles' || root === 'sections'
}

export function restoreQueries(client: QueryClient, userId: string): void {
  const state = readCachedQueries<DehydratedState>(userId)
  if (state)
    hydrate(client, {
      queries: state.queries.map((q) => ({ ...q, state: { ...q.state, isInvalidated: true } })),
      mutations: [],
    })
}

/** Keeps `userId`'s shell queries written while they change; returns the stop. */
export function persistQueries(client: QueryClient, userId: string): () => void {
  const writer = deferredWrite(() => {
    writeCachedQueries(userId, dehydrate(client, { shouldDehydrateQuery: isShellQuery }))
  }, WRITE_DELAY_MS)
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type !== 'success') return
    if (event.type !== 'updated' && event.type !== 'removed') return
    writer.schedule()
  })
  return () => {
    unsubscribe()
    writer.stop()
  }
}
