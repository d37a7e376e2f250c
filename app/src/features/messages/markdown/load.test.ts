// Boot starts loading the parser when the messages kept for the channel being opened have
// markup, and leaves it for later when they are plain text.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateCache, writeCachedMessages } from '../../../lib/offline-cache.ts'
import type * as LoadModule from './load.ts'

type Load = typeof LoadModule

/** A new page: load.ts and the cache it uses anew, ana signed in. */
async function freshLoad(): Promise<Load> {
  vi.resetModules()
  const cache = await import('../../../lib/offline-cache.ts')
  cache.activateCache('ana')
  return import('./load.ts')
}

beforeEach(() => {
  activateCache('ana')
  writeCachedMessages('ana', 'plain', [{ id: 'a', body: 'see you at noon' }])
  writeCachedMessages('ana', 'marked', [
    { id: 'b', body: 'plain first' },
    { id: 'c', body: 'the **plan** is ready' },
  ])
})
afterEach(() => localStorage.clear())

describe('loadMarkdownForKept', () => {
  it('starts loading the parser for kept messages with markup', async () => {
    const load = await freshLoad()
    expect(load.markdownState()).toBe('idle')
    load.loadMarkdownForKept('ana', 'marked')
    expect(load.markdownState()).toBe('loading')
    await load.loadMarkdown()
    expect(load.parsedNow('**x**')).not.toBeNull()
  })

  it('leaves it when they are plain text, another channel, or another person', async () => {
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', 'plain')
    load.loadMarkdownForKept('ana', 'nothing-kept')
    load.loadMarkdownForKept('bo', 'marked')
    expect(load.markdownState()).toBe('idle')
  })
})

describe('kept trees', () => {
  const flushWrites = () => window.dispatchEvent(new Event('pagehide'))

  async function parsedOnce(body: string): Promise<unknown> {
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', null)
    await load.loadMarkdown()
    const tree = load.parsedNow(body)
    flushWrites()
    return tree
  }

  it('a return visit has the trees of the bodies parsed before, without the parser', async () => {
    const tree = await parsedOnce('the **plan** is ready')
    expect(tree).not.toBeNull()
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', 'marked')
    // Every kept message with markup has its tree: the parser is not fetched for them.
    expect(load.markdownState()).toBe('idle')
    expect(load.keptNow('the **plan** is ready')).toEqual(tree)
    expect(load.keptNow('a **new** one')).toBeNull()
    expect(load.parsedNow('a **new** one')).toBeNull()
  })

  it('a kept message without a kept tree still starts the parser at boot', async () => {
    await parsedOnce('something **else**')
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', 'marked')
    expect(load.markdownState()).toBe('loading')
  })

  it('trees another parser made are not used', async () => {
    await parsedOnce('the **plan** is ready')
    const key = 'chorus.cache.v1.ana.value.trees'
    const kept = JSON.parse(localStorage.getItem(key)!) as { parser: string }
    expect(kept.parser).toBe(__CHORUS_PARSER__)
    localStorage.setItem(key, JSON.stringify({ ...kept, parser: 'an-older-parser' }))
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', 'marked')
    expect(load.keptNow('the **plan** is ready')).toBeNull()
    expect(load.markdownState()).toBe('loading')
  })

  it('keeps the newest KEPT_TREES', async () => {
    const load = await freshLoad()
    const { KEPT_TREES } = await import('./keep-trees.ts')
    load.loadMarkdownForKept('ana', null)
    await load.loadMarkdown()
    for (let i = 0; i <= KEPT_TREES; i++) load.parsedNow(`message **${i}**`)
    flushWrites()
    const kept = JSON.parse(localStorage.getItem('chorus.cache.v1.ana.value.trees')!) as {
      trees: [string, unknown][]
    }
    expect(kept.trees).toHaveLength(KEPT_TREES)
    expect(kept.trees[0]![0]).toBe('message **1**')
    expect(kept.trees.at(-1)![0]).toBe(`message **${KEPT_TREES}**`)
  })

  it('writes only for the person whose they are, while they are signed in', async () => {
    const load = await freshLoad()
    load.loadMarkdownForKept('ana', null)
    await load.loadMarkdown()
    // Someone else signs in in the same page: ana's keys are gone, and bo gets nothing of hers.
    const cache = await import('../../../lib/offline-cache.ts')
    cache.activateCache('bo')
    load.parsedNow('ana’s **secret**')
    flushWrites()
    expect(Object.keys(localStorage).filter((k) => k.includes('.value.'))).toEqual([])
  })
})

describe('keepTreesOf', () => {
  it('parses the kept messages’ bodies a moment after the first screen, and keeps their trees', async () => {
    vi.resetModules()
    const cache = await import('../../../lib/offline-cache.ts')
    cache.activateCache('ana')
    const firstScreen = await import('../../../lib/first-screen.ts')
    const load = await import('./load.ts')
    load.loadMarkdownForKept('ana', null)
    load.keepTreesOf(['plain text', 'a **bold** one', 'an _em_ one'])
    // Not before the first screen: the parser is not fetched for this.
    expect(load.markdownState()).toBe('idle')
    firstScreen.markFirstScreenShown()
    await vi.waitFor(() => expect(load.keptNow('an _em_ one')).not.toBeNull(), { timeout: 5000 })
    expect(load.keptNow('a **bold** one')).toEqual(load.parsedNow('a **bold** one'))
    expect(load.keptNow('plain text')).toBeNull()
  })
})
