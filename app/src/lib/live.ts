// Live events: private Realtime topics the database broadcasts to (supabase/migrations/
// *_chorus_private_live.sql). Only the readers of a place may join its topic and nobody may send
// on it, so an event is a committed change of a row the subscriber may read. Postgres changes are
// not used: Realtime does not apply row-level security to deleted rows.
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js'
import { loadedRealtime, realtime } from './supabase.ts'

export const liveTopic = {
  /** Messages, reactions and attachments of a channel (its members). */
  channel: (channelId: string) => `live:channel:${channelId}`,
  /** Public channels and their rosters, the workspace, its members and their profiles. */
  workspace: (workspaceId: string) => `live:workspace:${workspaceId}`,
  /** My memberships and read positions, my private channels and DMs and their rosters. */
  user: (userId: string) => `live:user:${userId}`,
}

export type LiveOperation = 'INSERT' | 'UPDATE' | 'DELETE'

/** One change: the row after an insert or update, the row before a delete. */
export interface LiveChange {
  table: string
  operation: LiveOperation
  record: Record<string, unknown>
}

const OPERATIONS: ReadonlySet<string> = new Set(['INSERT', 'UPDATE', 'DELETE'])

/** The change a broadcast carries, or null for anything else. */
export function toLiveChange(payload: unknown): LiveChange | null {
  if (typeof payload !== 'object' || payload === null) return null
  const { table, operation, record } = payload as Record<string, unknown>
  if (typeof table !== 'string' || typeof operation !== 'string' || !OPERATIONS.has(operation))
    return null
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null
  return { table, operation: operation as LiveOperation, record: record as Record<string, unknown> }
}

export interface LiveHandlers {
  onChange(change: LiveChange): void
  /** True once joined (events flow from then on), false when the channel drops or fails. */
  onJoined?(joined: boolean): void
}

/** One joined topic, shared by everyone listening to it (a channel and a thread open in it). */
interface SharedTopic {
  handlers: Set<LiveHandlers>
  joined: boolean
  leave: () => void
}

const topics = new Map<string, SharedTopic>()

/**
 * Joins a live topic; returns what leaves it. Supabase-js rejoins after errors by itself, and
 * join() after the server closed the channel. It holds one channel per topic, so listeners of the same topic share one join: the last to leave
 * leaves it.
 */
export function subscribeLive(topic: string, handlers: LiveHandlers): () => void {
  let shared = topics.get(topic)
  if (!shared) {
    const created: SharedTopic = { handlers: new Set(), joined: false, leave: () => {} }
    created.leave = join(topic, {
      onChange: (change) => {
        for (const h of [...created.handlers]) h.onChange(change)
      },
      onJoined: (joined) => {
        created.joined = joined
        for (const h of [...created.handlers]) h.onJoined?.(joined)
      },
    })
    topics.set(topic, created)
    shared = created
  } else if (shared.joined) {
    // Joined already: this listener is live from now on, as it would be after its own join.
    const joinedAlready = handlers
    queueMicrotask(() => {
      if (shared?.handlers.has(joinedAlready) && shared.joined) joinedAlready.onJoined?.(true)
    })
  }
  const current = shared
  current.handlers.add(handlers)
  return () => {
    if (!current.handlers.delete(handlers) || current.handlers.size > 0) return
    topics.delete(topic)
    current.leave()
  }
}

let wakeListening = false

/**
 * Reconnects the socket the moment the browser is back online or the tab visible again, instead
 * of when realtime-js's back-off timer fires (1 to 10 s later): the topics rejoin, and each
 * rejoin makes its listeners catch up. Phoenix does this itself on visibility, but not on
 * `online`; disconnect() drops the pending timer so that connect() starts a socket at once.
 */
function reconnectOnWake(): void {
  if (wakeListening) return
  wakeListening = true
  const wake = () => {
    const client = loadedRealtime()
    if (!client || !navigator.onLine || document.visibilityState !== 'visible') return
    if (!client.getChannels().length || client.isConnected() || client.isConnecting()) return
    void client.disconnect().then(() => client.connect())
  }
  window.addEventListener('online', wake)
  document.addEventListener('visibilitychange', wake)
}

/**
 * Topics whose last channel is still being left. realtime-js hands out the channel it holds for
 * a topic, so a join made while the previous one is unsubscribing would get that leaving channel
 * and never be joined: a new join waits for the leave to finish.
 */
const leaving = new Map<string, Promise<unknown>>()

/** After the server closed a topic, the pauses before joining it again (realtime-js's own). */
export const REJOIN_AFTER_MS = [1000, 2000, 5000, 10_000]

function join(topic: string, handlers: LiveHandlers): () => void {
  reconnectOnWake()
  let client: RealtimeClient | null = null
  let channel: RealtimeChannel | null = null
  let stopped = false
  let closes = 0
  let rejoin: ReturnType<typeof setTimeout> | undefined
  const open = () => {
    if (stopped || !client) return
    const rt = client
    const opened = rt
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message: { payload?: unknown }) => {
        const change = toLiveChange(message.payload)
        if (change) handlers.onChange(change)
      })
      .subscribe((status) => {
        handlers.onJoined?.(status === 'SUBSCRIBED')
        if (status === 'SUBSCRIBED') closes = 0
        // realtime-js rejoins after an error, but not once the server has closed the channel
        // (Realtime closes every channel of a tenant over its message rate, "Too many messages
        // per second", and one whose permission is revoked): join again after a pause, and the
        // rejoin makes the listeners catch up. Our own leave closes it too: then nothing.
        if (status === 'CLOSED' && !stopped && channel === opened) {
          channel = null
          void rt.removeChannel(opened).catch(() => undefined)
          const pause = REJOIN_AFTER_MS[Math.min(closes, REJOIN_AFTER_MS.length - 1)]!
          closes += 1
          rejoin = setTimeout(open, pause)
        }
      })
    channel = opened
  }
  // The Realtime client's chunk loads once the first screen is shown (lib/supabase.ts); a
  // private join is authorized by the session's token, which it fetches asynchronously: joined
  // before it arrives, the channel acts as anonymous and is refused.
  void realtime()
    .then((loaded) => {
      client = loaded
      return loaded.setAuth()
    })
    .catch(() => undefined)
    .then(() => leaving.get(topic))
    .then(open)
  return () => {
    stopped = true
    clearTimeout(rejoin)
    if (!channel || !client) return
    const left = client.removeChannel(channel).catch(() => undefined)
    leaving.set(topic, left)
    void left.then(() => {
      if (leaving.get(topic) === left) leaving.delete(topic)
    })
  }
}
