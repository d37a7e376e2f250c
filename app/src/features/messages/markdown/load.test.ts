// Boot starts loading the parser when the messages kept for the channel being opened have
// markup, and leaves it for later when they are plain text.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateCache, writeCachedMessages } from '../../../lib/offline-cache.ts'
import type * as LoadModule from './load.ts'

type Load = typeof LoadModule

async function freshLoad(): Promise<Load> {
  vi.resetModules()
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
