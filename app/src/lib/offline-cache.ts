// What Chorus shows when it opens offline (or with the server down): the last-known workspaces,
// channels, members and the latest messages of the channels opened, kept in localStorage per
// person (`chorus.cache.v1.<user id>.…`). Only the person signed in now reads or writes theirs
// (`activateCache`); signing out clears theirs, and activating one person clears everyone
// else's, so a second person on the same browser never sees the first one's.
// A device forgets (docs/offline.md, "What a device forgets"): a cache last written more than
// MAX_AGE_MS ago is dropped unread; a session the server refused takes its person's cache, outbox
// and drafts with it (forget-person.ts); a channel lost takes its messages (lost-channels.ts); and
// on a shared computer (local-store.ts) nothing is kept at all.
import { browserStore, isSharedComputer, readJson, writeJson } from './local-store.ts'
import type { KeyValueStore } from './local-store.ts'

const PREFIX = 'chorus.cache.v1.'

/** A cache (and the kept screen in it) older than this is dropped unread: 14 days. */
export const MAX_AGE_MS = 14 * 24 * 3600 * 1000

/** The latest messages kept per channel: a screenful, not the history. */
export const CACHED_MESSAGES = 50

/** The channels whose messages are kept: the ones written most recently (localStorage is ~5 MB). */
export const CACHED_CHANNELS = 20

let activeUser: string | null = null

let store: KeyValueStore | null = null
const storage = (): KeyValueStore => (store ??= browserStore())

const queriesKey = (userId: string) => `${PREFIX}${userId}.queries`
export const messagesKey = (userId: string, channelId: string) =>
  `${PREFIX}${userId}.messages.${channelId}`
/** The channels with kept messages, the most recently written first: [channel, workspace]. */
export const channelsKey = (userId: string) => `${PREFIX}${userId}.channels`
export const valueKey = (userId: string, name: string) => `${PREFIX}${userId}.value.${name}`
/** When the cache was last written (ms). */
const writtenKey = (userId: string) => `${PREFIX}${userId}.at`

/** Each write dates the cache. */
const stamp = (userId: string) => storage().setItem(writtenKey(userId), String(Date.now()))

/** Whether `userId`'s cache was written within MAX_AGE_MS. */
const fresh = (userId: string) =>
  Date.now() - Number(storage().getItem(writtenKey(userId))) < MAX_AGE_MS

/** The cache reads and writes `userId`'s only, and every other person's is deleted; theirs too
 * when older than MAX_AGE_MS, and on a shared computer, where none is kept. */
export function activateCache(userId: string): void {
  const kept = !isSharedComputer() && fresh(userId)
  activeUser = isSharedComputer() ? null : userId
  removeKeys((key) => !(kept && key.startsWith(`${PREFIX}${userId}.`)))
}

/** Signing out: `userId`'s cache is deleted and nothing more is written for them. */
export function clearCache(userId: string): void {
  if (activeUser === userId) activeUser = null
  removeKeys((key) => key.startsWith(`${PREFIX}${userId}.`))
}

export function readCachedQueries<T>(userId: string): T | null {
  return userId === activeUser ? readJson<T | null>(storage(), queriesKey(userId), null) : null
}

export function writeCachedQueries(userId: string, value: unknown): void {
  if (userId !== activeUser) return
  writeJson(storage(), queriesKey(userId), value)
  stamp(userId)
}

export function readCachedMessages<T>(userId: string, channelId: string): T[] {
  if (userId !== activeUser) return []
  const value = readJson<unknown>(storage(), messagesKey(userId, channelId), [])
  return Array.isArray(value) ? (value as T[]) : []
}

/**
 * Whether a message kept for `userId` in the channel passes `test`. Boot asks it before the cache
 * is activated (to start loading what the kept messages will need); nothing read here is shown.
 */
export function someCachedMessage(
  userId: string,
  channelId: string,
  test: (message: unknown) => boolean
): boolean {
  const value = readJson<unknown>(storage(), messagesKey(userId, channelId), [])
  return Array.isArray(value) && value.some(test)
}

/**
 * A feature's value kept for `userId` (the parsed trees of the bodies shown last, markdown/kept-trees.ts).
 * Like someCachedMessage, boot reads it before the cache is activated: keep in it only what is
 * derived from what the cache holds anyway.
 */
export function readCachedValue<T>(userId: string, name: string): T | null {
  return fresh(userId) ? readJson<T | null>(storage(), valueKey(userId, name), null) : null
}

/** Written for the person signed in only (nothing once they signed out). */
export function writeCachedValue(userId: string, name: string, value: unknown): void {
  if (userId !== activeUser) return
  writeJson(storage(), valueKey(userId, name), value)
  stamp(userId)
}

/** The channels with kept messages, the most recently written first, with their workspace
 * ('' when written before it was kept). */
export function keptChannels(userId: string): [string, string][] {
  const known = readJson<unknown>(storage(), channelsKey(userId), [])
  return (Array.isArray(known) ? known : []).map((entry) =>
    Array.isArray(entry) ? [String(entry[0]), String(entry[1])] : [String(entry), '']
  )
}

/**
 * The newest CACHED_MESSAGES of `messages` (ordered oldest first); the channel written longest
 * ago loses its messages once more than CACHED_CHANNELS have some. The channel's workspace is
 * kept with it: losing the workspace loses its messages (lost-channels.ts).
 */
export function writeCachedMessages(
  userId: string,
  channelId: string,
  messages: unknown[],
  workspaceId = ''
): void {
  if (userId !== activeUser) return
  const recent = [
    [channelId, workspaceId],
    ...keptChannels(userId).filter(([id]) => id !== channelId),
  ]
  for (const [evicted] of recent.splice(CACHED_CHANNELS)) {
    storage().removeItem(messagesKey(userId, evicted!))
  }
  writeJson(storage(), channelsKey(userId), recent)
  writeJson(storage(), messagesKey(userId, channelId), messages.slice(-CACHED_MESSAGES))
  stamp(userId)
}

/** Deletes the cache's keys that match. */
function removeKeys(matches: (key: string) => boolean): void {
  const doomed: string[] = []
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith(PREFIX) && matches(key)) doomed.push(key)
    }
    for (const key of doomed) localStorage.removeItem(key)
  } catch {
    // storage unavailable: nothing was kept
  }
}
