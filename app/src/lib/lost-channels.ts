// A channel its person can no longer read leaves the device: removed by an admin, left, a guest's
// access ended, or its whole workspace gone (removed from it, the workspace closed). Whenever the
// server gives the app a list of channels or of workspaces (a fetch, or a live change applied to
// the list: channels/data), the channels kept offline (offline-cache.ts) that list says are gone
// lose their messages, the parsed trees of those messages, the kept screen showing them, their
// unsent messages and the draft. A chunk loaded once the first screen is shown
// (offline/use-offline-shell.ts); the lists fetched before it came are looked at when it starts.
import type { Query, QueryClient } from '@tanstack/react-query'
import { DRAFTS, outboxKey, removeStored } from './forget-person.ts'
import { browserStore, readJson, writeJson } from './local-store.ts'
import { channelsKey, keptChannels, messagesKey, valueKey } from './offline-cache.ts'

/**
 * The kept channels (`[channel, workspace]`) that a list the server gave says are lost: for my
 * channels of a workspace (['channels', workspace, 'list']), that workspace's kept channels not in
 * it; for my workspaces (['workspaces', 'list']), the kept channels of workspaces not in it.
 * A channel kept without its workspace (before it was kept with it) is judged by neither.
 */
export function lostChannels(
  kept: [string, string][],
  queryKey: readonly unknown[],
  data: unknown
): string[] {
  if (!Array.isArray(data)) return []
  const ids = new Set(data.map((row) => (row as { id?: unknown } | null)?.id))
  const [root, a, b] = queryKey
  if (root === 'workspaces' && a === 'list') {
    return kept.filter(([, workspace]) => workspace && !ids.has(workspace)).map(([id]) => id)
  }
  if (root === 'channels' && b === 'list' && typeof a === 'string') {
    return kept.filter(([id, workspace]) => workspace === a && !ids.has(id)).map(([id]) => id)
  }
  return []
}

/** Deletes what this device keeps of `lost` channels for `userId`. */
export function forgetChannels(userId: string, lost: string[]): void {
  if (lost.length === 0) return
  const store = browserStore()
  const bodies = new Set<unknown>()
  for (const id of lost) {
    const messages = readJson<unknown>(store, messagesKey(userId, id), [])
    if (Array.isArray(messages))
      for (const m of messages) bodies.add((m as { body?: unknown })?.body)
  }
  const doomed = new Set(
    lost.flatMap((id) => [messagesKey(userId, id), outboxKey(userId, id), DRAFTS + id])
  )
  removeStored((key) => doomed.has(key))
  writeJson(
    store,
    channelsKey(userId),
    keptChannels(userId).filter(([id]) => !lost.includes(id))
  )
  // The trees are keyed by body (messages/markdown/kept-trees.ts): those of the lost messages
  // go, and any other not in a channel still kept (a lost channel's messages may already have
  // been emptied, its bodies unknown here); a tree is for showing a kept body.
  const trees = readJson<{ trees?: unknown } | null>(store, valueKey(userId, 'trees'), null)
  let left: unknown[] = []
  if (trees && Array.isArray(trees.trees)) {
    const kept = new Set<unknown>()
    for (const [id] of keptChannels(userId)) {
      const messages = readJson<unknown>(store, messagesKey(userId, id), [])
      if (Array.isArray(messages))
        for (const m of messages) kept.add((m as { body?: unknown })?.body)
    }
    left = (trees.trees as unknown[]).filter(
      (entry) => Array.isArray(entry) && kept.has(entry[0]) && !bodies.has(entry[0])
    )
    writeJson(store, valueKey(userId, 'trees'), { ...trees, trees: left })
  }
  // The page's own copy of the trees keeps only these (messages/markdown/keep-trees.ts), or its
  // next write would put the others back.
  const still = new Set(left.map((entry) => (entry as [unknown])[0]))
  window.dispatchEvent(new CustomEvent('chorus:channels-forgotten', { detail: still }))
  const screen = readJson<{ path?: unknown } | null>(store, valueKey(userId, 'screen'), null)
  if (lost.some((id) => String(screen?.path).includes(id))) {
    store.removeItem(valueKey(userId, 'screen'))
  }
}

/** Forgets lost channels whenever `client` gets a list from the server; returns the stop. The
 * lists fetched in this page before it started are looked at at once (not those restored from
 * the cache: what the server said then was looked at then). */
export function watchLostChannels(client: QueryClient, userId: string): () => void {
  const check = (query: Query) => {
    if (query.state.status !== 'success') return
    forgetChannels(userId, lostChannels(keptChannels(userId), query.queryKey, query.state.data))
  }
  const cache = client.getQueryCache()
  for (const query of cache.getAll()) {
    if (query.state.dataUpdatedAt >= performance.timeOrigin) check(query)
  }
  return cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') check(event.query)
  })
}
