// What Chorus shows when it opens offline (or with the server down): the last-known workspaces,
// channels, members and the latest messages of the channels opened, kept in localStorage per
// person (`chorus.cache.v1.<user id>.…`). Only the person signed in now reads or writes theirs
// (`activateCache`); signing out clears theirs, and activating one person clears everyone
// else's, so a second person on the same browser never sees the first one's.
import { browserStore, readJson, writeJson } from './local-store.ts'
import type { KeyValueStore } from './local-store.ts'

const PREFIX = 'chorus.cache.v1.'

/** The latest messages kept per channel: a screenful, not the history. */
export const CACHED_MESSAGES = 50

/** The channels whose messages are kept: the ones written most recently (localStorage is ~5 MB). */
export const CACHED_CHANNELS = 20

let activeUser: string | null = null

let store: KeyValueStore | null = null
const storage = (): KeyValueStore => (store ??= browserStore())

const queriesKey = (userId: string) => `${PREFIX}${userId}.queries`
const messagesKey = (userId: string, channelId: string) =>
  `${PREFIX}${userId}.messages.${channelId}`
/** The channels with kept messages, the most recently written first. */
const channelsKey = (userId: string) => `${PREFIX}${userId}.channels`
const valueKey = (userId: string, name: string) => `${PREFIX}${userId}.value.${name}`

/** The cache reads and writes `userId`'s only, and every other person's is deleted. */
export function activateCache(userId: string): void {
  activeUser = userId
  removeKeys((key) => !key.startsWith(`${PREFIX}${userId}.`))
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
  if (userId === activeUser) writeJson(storage(), queriesKey(userId), value)
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
  return readJson<T | null>(storage(), valueKey(userId, name), null)
}

/** Written for the person signed in only (nothing once they signed out). */
export function writeCachedValue(userId: string, name: string, value: unknown): void {
  if (userId === activeUser) writeJson(storage(), valueKey(userId, name), value)
}

/**
 * The newest CACHED_MESSAGES of `messages` (ordered oldest first); the channel written longest
 * ago loses its messages once more than CACHED_CHANNELS have some.
 */
export function writeCachedMessages(userId: string, channelId: string, messages: unknown[]): void {
  if (userId !== activeUser) return
  const known = readJson<unknown>(storage(), channelsKey(userId), [])
  const recent = [
    channelId,
    ...(Array.isArray(known) ? known : []).filter((id) => id !== channelId),
  ]
  for (const evicted of recent.splice(CACHED_CHANNELS)) {
    storage().removeItem(messagesKey(userId, String(evicted)))
  }
  writeJson(storage(), channelsKey(userId), recent)
  writeJson(storage(), messagesKey(userId, channelId), messages.slice(-CACHED_MESSAGES))
}

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
