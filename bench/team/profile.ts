// Who the simulated people are and how often they do things. The rates are those of a busy team
// during working hours (README: why these numbers).

export interface Person {
  id: string
  /** A minted user JWT (the session's access token). */
  token: string
  workspaceId: string
  /** #general first, then the topical channels this person is in. */
  channels: string[]
  /** The channel open in the tab (its live topic and typing topic are joined). */
  open: string
  /** At the keyboard, tab visible: reads (marks read), types and sends. Else idle, tab hidden. */
  active: boolean
  /** Browser notifications allowed: the notifier fetches the new messages of each channel moved. */
  notifications: boolean
  /** Also uploads a file every few minutes. */
  uploader: boolean
  /** Files in the channels this person is in (one per channel, world.ts): what they download. */
  files: string[]
}

export const RATES = {
  /** Share of people at the keyboard; the others have the tab open but hidden (away). */
  activeShare: 0.7,
  /** Mean seconds between two messages of an active person (exponential gaps). */
  sendEverySeconds: 120,
  /** Typing lasts this long before each send (uniform), one signal per 2 s (useTyping). */
  typingSeconds: [2, 8] as const,
  typingThrottleMs: 2000,
  /** An active person goes away and back (presence untrack + track) this often on average. */
  presenceChangeEverySeconds: 600,
  /** The mix's rates (mix.ts) times this (a short run's compressed hour). */
  mixScale: 1,
  /** Share of people with browser notifications allowed. */
  notificationsShare: 0.5,
  /** One person in this many uploads a file (1-5 MB) every few minutes. */
  uploaderShare: 0.05,
  uploadEverySeconds: 180,
  uploadMb: [1, 5] as const,
  /** Share of people whose open channel is #general (the others: one of their topical ones). */
  generalOpenShare: 0.3,
  /** Topical channels besides #general: one per 10 people, at least 3. */
  topicalChannels: (people: number) => Math.max(3, Math.ceil(people / 10)),
  /** Each person is in #general and this many topical channels. */
  topicalPerPerson: 3,
  /** Messages each channel already holds when the people open Chorus (a team's history). */
  historyPerChannel: 10,
  /** The app's timings: the newest seen 400 ms after it shows, marked read at most every 5
   * minutes in a busy channel (use-read-while-visible.ts), refetches debounced 250 ms. */
  markReadAfterMs: 400,
  markReadEveryMs: 5 * 60_000,
  refetchAfterMs: 250,
}

/** An exponential wait (ms) of this mean (s). */
export function exponentialMs(meanSeconds: number): number {
  return -Math.log(1 - Math.random()) * meanSeconds * 1000
}

export function uniform([low, high]: readonly [number, number]): number {
  return low + Math.random() * (high - low)
}

/**
 * Waits `ms`, or less when one of `pending` (a person's pauses under way) is called first (stop
 * ends them all): a person's loops sleep until their next action in one timer, not in many short
 * ones, and still stop at once; nothing is left behind by a pause that ended.
 */
export function pause(ms: number, pending: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const end = () => {
      clearTimeout(timer)
      pending.delete(end)
      resolve()
    }
    const timer = setTimeout(end, Math.max(0, ms))
    pending.add(end)
  })
}

/** A clock shared by the processes of the machine (ms since the epoch, sub-ms precision). */
export function now(): number {
  return performance.timeOrigin + performance.now()
}

/** The server's refusal of a join for its rate (then it closes the socket). */
export const JOIN_LIMIT = 'ClientJoinRateLimitReached'

/**
 * The socket's pause before its `tries`-th reconnection, as the app's (app/src/lib/join-retry.ts):
 * after refused joins in a row, 0 to 1, 2, 4 ... 30 s; else within realtime-js's own pauses.
 */
export function reconnectAfterMs(tries: number, refusals: number): number {
  const ceiling =
    refusals > 0
      ? Math.min(30_000, 1000 * 2 ** (refusals - 1))
      : ([1000, 2000, 5000][tries - 1] ?? 10_000)
  return Math.floor(Math.random() * ceiling)
}

/** The pause before joining a topic again after its `refusals`-th refused join in a row, as the
 * app's (app/src/lib/join-retry.ts joinRetryDelayMs): 0 to 1, 2, 4 ... 30 s. */
export function joinRetryDelayMs(refusals: number): number {
  return Math.floor(Math.random() * Math.min(30_000, 1000 * 2 ** Math.max(0, refusals - 1)))
}
