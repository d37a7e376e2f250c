// Live events: private Realtime topics the database broadcasts to (supabase/migrations/
// *_chorus_private_live.sql). Only the readers of a place may join its topic and nobody may send
// on it, so an event is a committed change of a row the subscriber may read. Postgres changes are
// not used: Realtime does not apply row-level security to deleted rows.
import { realtime } from './supabase.ts'

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
  /**
   * True once joined (events flow from then on), false when the channel drops or fails;
   * `waiting`: not joined only because the server's join limit asked to wait (a sign-in storm),
   * joined again shortly, nothing to say meanwhile (realtime-client.ts).
   */
  onJoined?(joined: boolean, waiting?: boolean): void
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
 * joinLive() after the server closed the channel or refused the join for its rate. It holds one
 * channel per topic, so listeners of the same topic share one join: the last to leave leaves it.
 */
export function subscribeLive(topic: string, handlers: LiveHandlers): () => void {
  let shared = topics.get(topic)
  if (!shared) {
    const created: SharedTopic = { handlers: new Set(), joined: false, leave: () => {} }
    created.leave = join(topic, {
      onChange: (change) => {
        for (const h of [...created.handlers]) h.onChange(change)
      },
      onJoined: (joined, waiting) => {
        created.joined = joined
        for (const h of [...created.handlers]) h.onJoined?.(joined, waiting)
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

/**
 * Joins `topic` once the Realtime client's chunk is in (realtime-client.ts: the rejoins after
 * errors, closes and the server's join limit, with their back-off).
 */
function join(topic: string, handlers: LiveHandlers): () => void {
  let leave: (() => void) | null = null
  let stopped = false
  // The Realtime client's chunk loads once the first screen is shown (lib/supabase.ts); a
  // private join is authorized by the session's token, which it fetches asynchronously: joined
  // before it arrives, the channel acts as anonymous and is refused.
  void realtime()
    .then(async (client) => {
      await client.setAuth().catch(() => undefined)
      const { joinLive } = await import('./realtime-client.ts')
      if (stopped) return
      leave = joinLive(client, topic, {
        onBroadcast: (payload) => {
          const change = toLiveChange(payload)
          if (change) handlers.onChange(change)
        },
        onJoined: handlers.onJoined,
      })
    })
    .catch(() => undefined)
  return () => {
    stopped = true
    leave?.()
  }
}

/** What ends the wait of a workspace's kept channel list; null: its topics joined, or waited. */
const listWaits = new Map<string, (() => void) | null>()

/**
 * A channel list kept on the device is asked for once the workspace's live topics are in (or
 * after 3 s): what changed before their joins is then in its answer, and the joins need not ask
 * again (liveJoined), as Zulip registers its event queue before it fetches the state.
 */
export function afterLiveJoins(workspaceId: string): Promise<void> | undefined {
  if (listWaits.get(workspaceId) === null) return
  return new Promise((resolve) => {
    const end = () => {
      listWaits.set(workspaceId, null)
      resolve()
    }
    listWaits.set(workspaceId, end)
    setTimeout(end, 3000)
  })
}

/** The workspace's live topics are in: true when its list was waiting for them. */
export function liveJoined(workspaceId: string): boolean {
  const end = listWaits.get(workspaceId)
  listWaits.set(workspaceId, null)
  end?.()
  return !!end
}

/** For tests: every workspace's list waits again. */
export function forgetListWaits(): void {
  listWaits.clear()
}
