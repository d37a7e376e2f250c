// TanStack Query holds server state. Stale times come from one table so they are chosen once.
import { QueryClient } from '@tanstack/react-query'
import type {
  DefaultError,
  Updater,
  DefaultedQueryObserverOptions,
  InvalidateOptions,
  InvalidateQueryFilters,
  QueryFunction,
  QueryKey,
  QueryObserverOptions,
} from '@tanstack/react-query'
import { isNetworkError } from './clean-error.ts'
import { nextTask } from './tasks.ts'

export const STALE = {
  SECONDS: { THIRTY: 30_000 },
  MINUTES: { ONE: 60_000, FIVE: 300_000 },
  INFINITY: Infinity,
} as const

/**
 * Each query's function runs in a task of its own: a screen's first render subscribes a dozen
 * queries in one go (its effects), which then need not also start a dozen requests in that task
 * (issue 31: no task over 50 ms while a channel opens). One wrapper per function, kept.
 */
class YieldingQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options)
    if (typeof defaulted.queryFn === 'function') {
      defaulted.queryFn = inOwnTask(defaulted.queryFn as QueryFunction) as typeof defaulted.queryFn
    }
    return defaulted
  }

  /**
   * What changed (a live event, a write) makes queries stale. TanStack joins the refetch to a
   * first fetch still on its way, whose answer may have been read before the change: that fetch
   * is dropped first, so the refetch reads after the change.
   */
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions) {
    const { predicate } = filters ?? {}
    await this.cancelQueries({
      ...filters,
      fetchStatus: 'fetching',
      predicate: (q) => q.state.data === undefined && (!predicate || predicate(q)),
    })
    return super.invalidateQueries(filters, options)
  }
}

const wrappers = new WeakMap<QueryFunction, QueryFunction>()
const wrapped = new WeakSet<QueryFunction>()

function inOwnTask(fn: QueryFunction): QueryFunction {
  if (wrapped.has(fn)) return fn
  let wrapper = wrappers.get(fn)
  if (!wrapper) {
    wrapper = async (context) => {
      await nextTask()
      return fn(context)
    }
    wrappers.set(fn, wrapper)
    wrapped.add(wrapper)
  }
  return wrapper
}

/**
 * Applies a live change to a query's data. An answer on its way now was read before the change
 * came and would overwrite it on arrival, undoing it: that answer is dropped and the query asked
 * again (what changed is in the new answer).
 */
export function patchLive<T>(
  client: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>
): void {
  client.setQueryData<T>(queryKey, updater)
  if (client.getQueryState(queryKey)?.fetchStatus !== 'fetching') return
  // A failure shows in the query's observers; the patched data stays meanwhile. Invalidated, not
  // refetched: a first answer on its way (nothing to patch yet) is dropped too (above).
  void client.invalidateQueries({ queryKey, exact: true })
}

export function makeQueryClient(): QueryClient {
  return new YieldingQueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.SECONDS.THIRTY,
        refetchOnWindowFocus: false,
        // A network failure is retried until the server answers (the screen says it is
        // unreachable meanwhile); anything else is an answer.
        retry: (_, error) => isNetworkError(error),
      },
      mutations: { retry: false },
    },
  })
}
