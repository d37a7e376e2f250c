import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { burstBatched } from './burst-batched.ts'

/** A store that tells its listeners of each change. */
function store() {
  const listeners = new Set<() => void>()
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    change: () => listeners.forEach((listener) => listener()),
    listening: () => listeners.size,
  }
}

/** A store, and a listener subscribed to it through burstBatched. */
function batched() {
  const source = store()
  const heard = vi.fn()
  const unsubscribe = burstBatched(source.subscribe)(heard)
  return { source, heard, unsubscribe }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('burstBatched', () => {
  it('tells a change after a quiet moment at once', () => {
    const { source, heard } = batched()
    source.change()
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(16)
    expect(heard).toHaveBeenCalledTimes(1)
    source.change()
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('holds a change within the frame until the frame ends', () => {
    const { source, heard } = batched()
    source.change()
    vi.advanceTimersByTime(10)
    source.change()
    vi.advanceTimersByTime(5)
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('tells a burst once at once and once a frame after, until a frame passes quietly', () => {
    const { source, heard } = batched()
    for (let i = 0; i < 500; i++) source.change()
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(16)
    expect(heard).toHaveBeenCalledTimes(2)
    source.change()
    source.change()
    expect(heard).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(16)
    expect(heard).toHaveBeenCalledTimes(3)
    // A frame without a change ends the burst: the next change is told at once.
    vi.advanceTimersByTime(16)
    expect(heard).toHaveBeenCalledTimes(3)
    source.change()
    expect(heard).toHaveBeenCalledTimes(4)
  })

  it('tells nothing more once unsubscribed, and leaves the store', () => {
    const { source, heard, unsubscribe } = batched()
    source.change()
    source.change()
    unsubscribe()
    expect(source.listening()).toBe(0)
    vi.advanceTimersByTime(1_000)
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
