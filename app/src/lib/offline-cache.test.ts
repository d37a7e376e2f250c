import { afterEach, describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import {
  activateCache,
  CACHED_CHANNELS,
  CACHED_MESSAGES,
  clearCache,
  readCachedMessages,
  writeCachedMessages,
} from './offline-cache.ts'
import { keepMessagesCached } from './offline-messages.ts'
import { persistQueries, restoreQueries } from './offline-queries.ts'

afterEach(() => localStorage.clear())

const keys = () => Object.keys(localStorage).sort()

describe('the offline cache is per person', () => {
  it('keeps the latest messages of a channel for the person signed in, and only for them', () => {
    activateCache('ana')
    const messages = Array.from({ length: 70 }, (_, i) => ({ id: `m${i + 1}`, seq: i + 1 }))
    writeCachedMessages('ana', 'c1', messages)
    const kept = readCachedMessages<{ seq: number }>('ana', 'c1')
    expect(kept).toHaveLength(CACHED_MESSAGES)
    expect(kept.at(-1)?.seq).toBe(70)
    // Someone else's id reads nothing and writes nothing.
    writeCachedMessages('bo', 'c1', messages)
    expect(readCachedMessages('bo', 'c1')).toEqual([])
    expect(keys()).toEqual([
      'chorus.cache.v1.ana.at',
      'chorus.cache.v1.ana.channels',
      'chorus.cache.v1.ana.messages.c1',
    ])
  })

  it('keeps the messages of the CACHED_CHANNELS channels written most recently', () => {
    activateCache('ana')
    const channels = Array.from({ length: CACHED_CHANNELS + 2 }, (_, i) => `c${i + 1}`)
    for (const id of channels) writeCachedMessages('ana', id, [{ id: `${id}-m1`, seq: 1 }])
    // c1 written again: the most recent; c2 and c3 are the two written longest ago.
    writeCachedMessages('ana', 'c1', [{ id: 'c1-m2', seq: 2 }])
    expect(readCachedMessages('ana', 'c1')).toEqual([{ id: 'c1-m2', seq: 2 }])
    expect(readCachedMessages('ana', 'c2')).toEqual([])
    expect(readCachedMessages('ana', 'c3')).toEqual([])
    expect(readCachedMessages('ana', 'c4')).toHaveLength(1)
    expect(keys().filter((k) => k.includes('.messages.'))).toHaveLength(CACHED_CHANNELS)
  })

  it('a second person signing in on the same browser never sees the first one’s', () => {
    activateCache('ana')
    writeCachedMessages('ana', 'c1', [{ id: 'secret' }])
    localStorage.setItem('chorus.outbox.v1.ana.c1', '[]')
    activateCache('bo')
    expect(readCachedMessages('bo', 'c1')).toEqual([])
    expect(readCachedMessages('ana', 'c1')).toEqual([])
    // Only caches go: the outbox (unsent messages) is not a cache.
    expect(keys()).toEqual(['chorus.outbox.v1.ana.c1'])
  })

  it('signing out deletes the person’s cache and stops writing it', () => {
    activateCache('ana')
    writeCachedMessages('ana', 'c1', [{ id: 'm1' }])
    writeCachedMessages('ana', 'c2', [{ id: 'm2' }])
    clearCache('ana')
    expect(keys()).toEqual([])
    writeCachedMessages('ana', 'c1', [{ id: 'late' }])
    expect(keys()).toEqual([])
  })
})

describe('the last-known queries', () => {
  it('restores workspaces, members, channels and profiles, nothing else, for the same person', async () => {
    activateCache('ana')
    const before = new QueryClient()
    const stop = persistQueries(before, 'ana')
    before.setQueryData(['workspaces', 'list'], [{ id: 'w1', name: 'Acme' }])
    before.setQueryData(['workspaces', 'w1', 'members'], [{ userId: 'ana' }])
    before.setQueryData(['workspaces', 'w1', 'invites'], [{ token: 'secret' }])
    before.setQueryData(['channels', 'w1', 'list'], [{ id: 'c1', name: 'general' }])
    before.setQueryData(['channels', 'w1', 'browse'], [{ id: 'c9' }])
    before.setQueryData(['profiles', 'one', 'ana'], { id: 'ana' })
    before.setQueryData(['security', 'factors'], [{ id: 'f1' }])
    stop() // writes what is pending

    const after = new QueryClient()
    restoreQueries(after, 'ana')
    const restored = after
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey.join('/'))
      .sort()
    expect(restored).toEqual([
      'channels/w1/list',
      'profiles/one/ana',
      'workspaces/list',
      'workspaces/w1/members',
    ])
    expect(after.getQueryData(['channels', 'w1', 'list'])).toEqual([{ id: 'c1', name: 'general' }])
    // Shown at once, but fetched again when first used, however recent.
    expect(
      after
        .getQueryCache()
        .getAll()
        .every((q) => q.isStaleByTime(60_000))
    ).toBe(true)

    const someoneElse = new QueryClient()
    activateCache('bo')
    restoreQueries(someoneElse, 'bo')
    expect(someoneElse.getQueryCache().getAll()).toEqual([])
  })
})

describe('a live channel kept cached', () => {
  it('writes its latest messages, but not a window opened at an older message', () => {
    activateCache('ana')
    let listener = () => {}
    let snapshot = { loaded: true, hasNewer: true, messages: [{ id: 'm40', seq: 40 }] }
    const channel = {
      subscribe: (l: () => void) => ((listener = l), () => {}),
      getSnapshot: () => snapshot,
    }
    let stop = keepMessagesCached(channel, 'ana', 'c1')
    listener()
    stop()
    expect(readCachedMessages('ana', 'c1')).toEqual([])

    snapshot = { loaded: true, hasNewer: false, messages: [{ id: 'm90', seq: 90 }] }
    stop = keepMessagesCached(channel, 'ana', 'c1')
    listener()
    stop()
    expect(readCachedMessages('ana', 'c1')).toEqual([{ id: 'm90', seq: 90 }])
  })
})
