// A write shown before the server has it (an optimistic update), kept from being undone.
import type { QueryClient, QueryFilters, Updater } from '@tanstack/react-query'

/**
 * Shows a write at once, before the server has it. An answer on its way was read before the write
 * and would undo it on arrival: it is dropped first (the data stays as it was). Says whether one
 * was, so the caller asks again once the write is settled.
 */
export async function showWrite<T>(
  client: QueryClient,
  filters: QueryFilters,
  updater: Updater<T | undefined, T | undefined>
): Promise<{ dropped: boolean }> {
  const onItsWay: QueryFilters = {
    ...filters,
    fetchStatus: 'fetching',
    predicate: (q) => q.state.data !== undefined,
  }
  const dropped = client.isFetching(onItsWay) > 0
  if (dropped) await client.cancelQueries(onItsWay)
  client.setQueriesData<T>(filters, updater)
  return { dropped }
}
