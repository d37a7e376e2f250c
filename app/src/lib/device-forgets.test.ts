// What a device forgets (docs/offline.md): a cache past its age, everything of a person whose
// session the server refused, a channel's messages once it is lost, and everything on a shared
// computer. The decisions, in jsdom's storage; in Chromium with a real server:
// e2e/device-forgets.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { forgetPerson } from './forget-person.ts'
import {
  activateCache,
  keptChannels,
  MAX_AGE_MS,
  readCachedMessages,
  readCachedValue,
  writeCachedMessages,
  writeCachedQueries,
  writeCachedValue,
} from './offline-cache.ts'
import { browserStore, isSharedComputer, SHARED_KEY } from './local-store.ts'
import { forgetChannels, lostChannels, watchLostChannels } from './lost-channels.ts'

afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
  sessionStorage.clear()
})

const stored = () => [
  ...Object.entries(localStorage).map(([k, v]) => `${k}=${v}`),
  ...Object.entries(sessionStorage).map(([k, v]) => `${k}=${v}`),
]

/** Ana's cache: two channels of workspace w1 (with a screen of c1 and the trees of both) and one
 * of w2, her unsent message and draft in c1. */
function anaKeeps(): void {
  activateCache('ana')
  writeCachedMessages('ana', 'c1', [{ id: 'm1', body: 'secret **one**' }], 'w1')
  writeCachedMessages('ana', 'c2', [{ id: 'm2', body: 'open **two**' }], 'w1')
  writeCachedMessages('ana', 'c3', [{ id: 'm3', body: 'other **three**' }], 'w2')
  writeCachedValue('ana', 'trees', {
    parser: 'p',
    trees: [
      ['secret **one**', []],
      ['open **two**', []],
    ],
  })
  writeCachedValue('ana', 'screen', { v: 1, path: '/w/w1/c/c1', html: 'secret **one**' })
  writeCachedQueries('ana', { queries: [] })
  localStorage.setItem('chorus.outbox.v1.ana.c1', '[{"body":"unsent secret"}]')
  localStorage.setItem('chorus.draft.v1.c1', 'draft secret')
}

describe('a cache has a maximum age', () => {
  it('is 14 days', () => {
    expect(MAX_AGE_MS).toBe(14 * 24 * 60 * 60 * 1000)
  })

  it('is read within it, and dropped unread past it', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    anaKeeps()
    vi.setSystemTime(Date.now() + MAX_AGE_MS - 1000)
    activateCache('ana')
    expect(readCachedMessages('ana', 'c1')).toHaveLength(1)
    expect(readCachedValue('ana', 'screen')).not.toBeNull()

    vi.setSystemTime(Date.now() + 2000)
    // Boot reads the trees before the cache is activated: not past the age either.
    expect(readCachedValue('ana', 'trees')).toBeNull()
    activateCache('ana')
    expect(readCachedMessages('ana', 'c1')).toEqual([])
    expect(stored().filter((entry) => entry.startsWith('chorus.cache.'))).toEqual([])
  })

  it('each write dates it again', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    anaKeeps()
    vi.setSystemTime(Date.now() + MAX_AGE_MS - 1000)
    writeCachedMessages('ana', 'c1', [{ id: 'm4', body: 'newer' }], 'w1')
    vi.setSystemTime(Date.now() + 2000)
    activateCache('ana')
    expect(readCachedMessages('ana', 'c1')).toEqual([{ id: 'm4', body: 'newer' }])
  })
})

describe('a session the server refused', () => {
  it('takes its person’s cache, kept screen, trees, unsent messages and drafts', () => {
    anaKeeps()
    localStorage.setItem('chorus.outbox.v1.bo.c9', '[{"body":"bo’s"}]')
    localStorage.setItem('chorus.language', 'de')
    forgetPerson('ana')
    expect(stored().join('\n')).not.toContain('secret')
    // Someone else's unsent messages, and what is not a person's, stay.
    expect(stored().sort()).toEqual([
      'chorus.language=de',
      'chorus.outbox.v1.bo.c9=[{"body":"bo’s"}]',
    ])
    // Nothing more is written for her.
    writeCachedMessages('ana', 'c1', [{ id: 'late', body: 'late secret' }], 'w1')
    expect(stored().join('\n')).not.toContain('secret')
  })
})

describe('a lost channel', () => {
  const kept: [string, string][] = [
    ['c1', 'w1'],
    ['c2', 'w1'],
    ['c3', 'w2'],
    ['c0', ''],
  ]

  it('is a kept channel of that workspace missing from its channel list', () => {
    expect(lostChannels(kept, ['channels', 'w1', 'list'], [{ id: 'c2' }])).toEqual(['c1'])
    expect(lostChannels(kept, ['channels', 'w1', 'list'], [{ id: 'c1' }, { id: 'c2' }])).toEqual([])
    // Another workspace's list, or not a list of channels, says nothing of these.
    expect(lostChannels(kept, ['channels', 'w3', 'list'], [])).toEqual([])
    expect(lostChannels(kept, ['channels', 'w1', 'browse'], [])).toEqual([])
    expect(lostChannels(kept, ['channels', 'w1', 'list'], undefined)).toEqual([])
  })

  it('is every kept channel of a workspace missing from my workspaces', () => {
    expect(lostChannels(kept, ['workspaces', 'list'], [{ id: 'w2' }])).toEqual(['c1', 'c2'])
    expect(lostChannels(kept, ['workspaces', 'list'], [])).toEqual(['c1', 'c2', 'c3'])
    expect(lostChannels(kept, ['workspaces', 'list'], [{ id: 'w1' }, { id: 'w2' }])).toEqual([])
  })

  it('leaves no message of it on the device: messages, trees, kept screen, outbox, draft', () => {
    anaKeeps()
    forgetChannels('ana', ['c1'])
    expect(stored().join('\n')).not.toContain('secret')
    expect(readCachedMessages('ana', 'c2')).toHaveLength(1)
    expect(readCachedValue<{ trees: [string][] }>('ana', 'trees')?.trees.map(([b]) => b)).toEqual([
      'open **two**',
    ])
    expect(keptChannels('ana')).toEqual([
      ['c3', 'w2'],
      ['c2', 'w1'],
    ])
  })

  it('takes the trees of a lost channel whose kept messages were already emptied', () => {
    anaKeeps()
    writeCachedMessages('ana', 'c1', [], 'w1')
    const told = vi.fn()
    window.addEventListener('chorus:channels-forgotten', told)
    forgetChannels('ana', ['c1'])
    window.removeEventListener('chorus:channels-forgotten', told)
    expect(stored().join('\n')).not.toContain('secret')
    expect(readCachedValue<{ trees: [string][] }>('ana', 'trees')?.trees.map(([b]) => b)).toEqual([
      'open **two**',
    ])
    // The page's own copy of the trees is told which are left (messages/markdown/keep-trees.ts).
    expect(told).toHaveBeenCalledTimes(1)
    expect([...(told.mock.calls[0]![0] as CustomEvent<Set<string>>).detail]).toEqual([
      'open **two**',
    ])
  })

  it('a kept screen of another channel stays', () => {
    anaKeeps()
    forgetChannels('ana', ['c3'])
    expect(readCachedValue('ana', 'screen')).not.toBeNull()
  })

  it('is forgotten when a list comes from the server or changes live, and at the start for those fetched before', () => {
    anaKeeps()
    const client = new QueryClient()
    client.setQueryData(['channels', 'w1', 'list'], [{ id: 'c2' }])
    const stop = watchLostChannels(client, 'ana')
    expect(readCachedMessages('ana', 'c1')).toEqual([])
    expect(readCachedMessages('ana', 'c2')).toHaveLength(1)
    // Removed from the whole of w2: the workspaces' list no longer has it.
    client.setQueryData(['workspaces', 'list'], [{ id: 'w1' }])
    expect(readCachedMessages('ana', 'c3')).toEqual([])
    stop()
    client.setQueryData(['channels', 'w1', 'list'], [])
    expect(readCachedMessages('ana', 'c2')).toHaveLength(1)
  })

  it('reads a channel kept before its workspace was as of no workspace', () => {
    activateCache('ana')
    localStorage.setItem('chorus.cache.v1.ana.channels', '["c1"]')
    expect(keptChannels('ana')).toEqual([['c1', '']])
  })
})

describe('a shared computer', () => {
  it('keeps the session and everything else in this tab’s sessionStorage, and no cache', () => {
    localStorage.setItem('chorus.cache.v1.ana.messages.c1', '[{"body":"from before"}]')
    // What the sign-in page sets when the box is checked (auth-mutations.ts).
    sessionStorage.setItem(SHARED_KEY, '1')
    expect(isSharedComputer()).toBe(true)
    expect(browserStore()).toBe(sessionStorage)
    activateCache('ana')
    writeCachedMessages('ana', 'c1', [{ id: 'm1', body: 'secret' }], 'w1')
    writeCachedValue('ana', 'screen', { v: 1, html: 'secret' })
    writeCachedQueries('ana', { queries: [{ body: 'secret' }] })
    expect(readCachedMessages('ana', 'c1')).toEqual([])
    // Even what the same person kept here before is dropped.
    expect(stored()).toEqual(['chorus.shared-computer=1'])
  })

  it('is off unless chosen', () => {
    expect(isSharedComputer()).toBe(false)
    expect(browserStore()).toBe(localStorage)
  })
})
