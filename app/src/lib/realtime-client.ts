// The Realtime client and the joins of live topics (lib/live.ts), in the chunk that loads once
// the first screen is shown (lib/supabase.ts). A join the server refuses for its rate
// ("ClientJoinRateLimitReached", a morning's sign-in storm: it answers, then closes the socket)
// is joined again after an exponential back-off with full jitter (join-retry.ts), the socket's
// reconnection too, and meanwhile the topic's listeners are told it is not joined but waited for
// quietly, so that nothing says "Reconnecting…" for a server that only asked to wait.
import { RealtimeClient } from '@supabase/realtime-js'
import type { RealtimeChannel, RealtimeClientOptions } from '@supabase/realtime-js'
import {
  QUIET_FOR_MS,
  isJoinLimited,
  joinRetryDelayMs,
  quietlyWaiting,
  reconnectDelayMs,
} from './join-retry.ts'
import { tellNow } from './live-told.ts'

/** The refusals of this socket's joins in a row (any topic's), and since when. */
const refused = { count: 0, since: null as number | null }

/** Joins answered ok since the last refusal end the back-off. */
function noteJoinReply(ok: boolean, limited: boolean): void {
  if (ok) {
    refused.count = 0
    refused.since = null
  } else if (limited) {
    refused.count += 1
    refused.since ??= Date.now()
  }
}

/** Not joined because of refusals, and still within the quiet wait. */
function waitingQuietly(): boolean {
  return quietlyWaiting(refused.count, refused.since, Date.now())
}

/**
 * How much longer a channel of this socket that is not joined is waited for quietly (the
 * server's join limit refused a join: a sign-in storm), in ms; 0: not such a wait. Call it a
 * microtask after the channel's status (the refusal is counted once its reply went round).
 */
export function quietJoinWaitMs(): number {
  return waitingQuietly() ? (refused.since ?? Date.now()) + QUIET_FOR_MS - Date.now() : 0
}

interface Reply {
  event?: string
  ref?: string | null
  join_ref?: string | null
  payload?: { status?: string; response?: unknown }
}

export function makeRealtime(url: string, options: RealtimeClientOptions): RealtimeClient {
  const rt = new RealtimeClient(url, {
    ...options,
    reconnectAfterMs: (tries: number) => reconnectDelayMs(tries, refused.count),
  })
  // Every join's reply, whichever code joined (live topics, presence, typing): a join's reply has
  // the join's own ref as its join_ref.
  rt.stateChangeCallbacks.message.push([
    'chorus-join-replies',
    (message: Reply) => {
      if (message.event !== 'phx_reply' || !message.ref || message.ref !== message.join_ref) return
      const status = message.payload?.status
      noteJoinReply(status === 'ok', status === 'error' && isJoinLimited(message.payload?.response))
    },
  ])
  return rt
}

let wakeListening = false

/**
 * Reconnects the socket the moment the browser is back online or the tab visible again, instead
 * of when the back-off timer fires (up to 10 s later): the topics rejoin, and each rejoin makes
 * its listeners catch up. Phoenix does this itself on visibility, but not on `online`;
 * disconnect() drops the pending timer so that connect() starts a socket at once. Not while the
 * server's join limit asked to wait: everyone coming back at once is what it refused.
 */
function reconnectOnWake(client: RealtimeClient): void {
  if (wakeListening) return
  wakeListening = true
  const wake = () => {
    if (!navigator.onLine || document.visibilityState !== 'visible' || waitingQuietly()) return
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

/** What a live topic's join tells (lib/live.ts's LiveHandlers, before its changes are read). */
export interface JoinListener {
  onBroadcast(payload: unknown): void
  onJoined?(joined: boolean, waiting?: boolean): void
}

/** Joins a live topic on `client`; returns what leaves it. */
export function joinLive(
  client: RealtimeClient,
  topic: string,
  handlers: JoinListener
): () => void {
  reconnectOnWake(client)
  let channel: RealtimeChannel | null = null
  let stopped = false
  let closes = 0
  let rejoin: ReturnType<typeof setTimeout> | undefined
  let quietEnd: ReturnType<typeof setTimeout> | undefined
  /** Removes a channel of this topic; a join of the topic waits until it is gone. */
  const remove = (removing: RealtimeChannel): Promise<unknown> => {
    const left = client.removeChannel(removing).catch(() => undefined)
    leaving.set(topic, left)
    void left.then(() => {
      if (leaving.get(topic) === left) leaving.delete(topic)
    })
    return left
  }
  const again = (opened: RealtimeChannel, pause: number) => {
    channel = null
    const removed = remove(opened)
    if (!stopped) rejoin = setTimeout(() => void removed.then(open), pause)
  }
  const notJoined = () => {
    clearTimeout(quietEnd)
    if (!waitingQuietly()) return handlers.onJoined?.(false)
    handlers.onJoined?.(false, true)
    // Still not joined once the quiet wait is over: say so, as for any other wait.
    const end = (refused.since ?? Date.now()) + QUIET_FOR_MS
    quietEnd = setTimeout(
      () => {
        if (!stopped && channel?.state !== 'joined') handlers.onJoined?.(false)
      },
      Math.max(0, end - Date.now()) + 50
    )
  }
  const open = () => {
    if (stopped) return
    const opened = client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message: { payload?: unknown }) => {
        tellNow(topic)
        handlers.onBroadcast(message.payload)
      })
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') {
          clearTimeout(quietEnd)
          closes = 0
          tellNow(topic)
          handlers.onJoined?.(true)
          return
        }
        if (channel !== opened) return
        // The server's join limit: realtime-js would join again after 1, 2, 5, 10 s, everyone
        // refused in the same second at the same moments; this topic waits its own jittered
        // pause instead (the socket, if the server closed it, reconnects after its own).
        // (The refusal is counted once its reply has reached every listener: a microtask later.)
        if (status === 'CHANNEL_ERROR' && isJoinLimited(error)) {
          channel = null
          queueMicrotask(() => {
            if (!stopped) notJoined()
            again(opened, joinRetryDelayMs(refused.count))
          })
          return
        }
        notJoined()
        // realtime-js rejoins after an error, but not once the server has closed the channel
        // (Realtime closes every channel of a tenant over its message rate, "Too many messages
        // per second", and one whose permission is revoked): join again after a pause, and the
        // rejoin makes the listeners catch up. Our own leave closes it too: then nothing.
        if (status === 'CLOSED' && !stopped) {
          const pause = REJOIN_AFTER_MS[Math.min(closes, REJOIN_AFTER_MS.length - 1)]!
          closes += 1
          again(opened, pause)
        }
      })
    channel = opened
  }
  void (leaving.get(topic) ?? Promise.resolve()).then(open)
  return () => {
    stopped = true
    clearTimeout(rejoin)
    clearTimeout(quietEnd)
    if (channel) void remove(channel)
  }
}
