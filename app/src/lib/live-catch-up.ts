// What a live topic's join asks for again (lib/live.ts's onJoined). A join means changes may have
// gone unheard: while the topic was down, or, for a listener added to a topic joined already,
// before it listened. The lists it keeps current are asked for again, but not one asked for since
// the topic last told anything (live-told.ts): its answer is read after every change the topic
// has not told, and asking again would only fetch the same rows twice (an open asked for a dozen
// lists twice so: the query and, a moment later, its topic's join).
import { useQueryClient } from '@tanstack/react-query'
import type { InvalidateQueryFilters, Query, QueryClient } from '@tanstack/react-query'
import { lastTold } from './live-told.ts'

/** When each query was last asked for (its fetch began), by the page's clock. */
const asked = new WeakMap<Query, number>()
const watched = new WeakSet<QueryClient>()

/** Notes, from now on, when each of the client's queries is asked for. */
export function watchAsks(client: QueryClient): void {
  if (watched.has(client)) return
  watched.add(client)
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch')
      asked.set(event.query, performance.now())
  })
}

/**
 * The query client, noting when its queries are asked for: called in the render of what asks
 * for a list and keeps it live, so that the list's first fetch (begun in the effects after it)
 * is noted. A query whose asking was not noted is asked for again at a join (as before).
 */
export function useCatchUpClient(): QueryClient {
  const client = useQueryClient()
  watchAsks(client)
  return client
}

/** The topic joined: the queries `filters` name are asked for again, but those asked for since
 * it last told anything. */
export function catchUp(
  client: QueryClient,
  topic: string,
  filters: InvalidateQueryFilters
): Promise<void> {
  watchAsks(client)
  const since = lastTold(topic)
  const { predicate } = filters
  return client.invalidateQueries({
    ...filters,
    predicate: (query) =>
      !((asked.get(query) ?? -Infinity) > since) && (!predicate || predicate(query)),
  })
}

/** Of the ids a store asked for (each with when: asked for, or heard of live), those a join of
 * `topic` asks for again: the ones asked for before it last told anything. */
export function askedBefore(asked: ReadonlyMap<string, number>, topic: string): string[] {
  const since = lastTold(topic)
  return [...asked].flatMap(([id, at]) => (at > since ? [] : [id]))
}
