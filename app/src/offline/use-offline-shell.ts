// What lets Chorus open offline, set up by the signed-in screens (so none of it is in the first
// screen's code): the last-known queries of the person signed in, restored before the screens
// first render and kept written while they change, and the service worker that serves the app
// shell (sw.ts) when the network or the server is not there. Production builds only register it,
// and only once the first screen is up (lib/first-screen.ts): installing fetches every file of
// the shell, which must not compete with the first screen for the network.
// Signing out deletes what was kept of the person (a session ended elsewhere too: the server
// refused its refresh, features/auth/data/session-store.ts); a channel lost, its messages
// (lib/lost-channels.ts, watched once the first screen is shown).
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { authState } from '../features/auth/index.ts'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { activateCache, clearCache } from '../lib/offline-cache.ts'
import { persistQueries, restoreQueries } from '../lib/offline-queries.ts'

/** Whose data each query client holds (a client outlives a sign-out and the next sign-in). */
const holders = new WeakMap<QueryClient, string>()

function openCache(client: QueryClient, userId: string): void {
  const holder = holders.get(client)
  if (holder !== undefined && holder !== userId) client.clear()
  holders.set(client, userId)
  activateCache(userId)
  restoreQueries(client, userId)
}

export function useOfflineShell(userId: string | null): void {
  const client = useQueryClient()
  // During render, before the screens below ask for their queries: what was last known.
  const [opened, setOpened] = useState<string | null>(null)
  if (userId !== null && userId !== opened) {
    openCache(client, userId)
    setOpened(userId)
  }

  useEffect(() => {
    if (userId === null) return
    const stop = persistQueries(client, userId)
    return () => {
      stop()
      const auth = authState()
      if (auth.status === 'signed-out' && auth.reason === 'signed-out') clearCache(userId)
    }
  }, [client, userId])

  const afterFirstScreen = useAfterFirstScreen()
  useEffect(() => {
    if (!afterFirstScreen || userId === null) return
    let stop: (() => void) | null = null
    void import('../lib/lost-channels.ts')
      .then((m) => (stop ??= m.watchLostChannels(client, userId)))
      .catch(() => undefined)
    return () => {
      stop?.()
      stop = () => {}
    }
  }, [afterFirstScreen, client, userId])
  useEffect(() => {
    if (!afterFirstScreen || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
    navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  }, [afterFirstScreen])
}
