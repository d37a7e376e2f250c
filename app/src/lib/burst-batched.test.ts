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

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('burstBatched', () => {
  it('tells a change after a quiet moment at once', () => {
    const source = store()
    const heard = vi.fn()
    burstBatched(source.subscribe)(heard)
    source.change()
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersToNextFrame()
    expect(heard).toHaveBeenCalledTimes(1)
    source.change()
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('tells a burst once at once and once a frame after, until a frame passes quietly', () => {
    const source = store()
    const heard = vi.fn()
    burstBatched(source.subscribe)(heard)
    for (let i = 0; i < 500; i++) source.change()
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersToNextFrame()
    expect(heard).toHaveBeenCalledTimes(2)
    source.change()
    source.change()
    expect(heard).toHaveBeenCalledTimes(2)
    vi.advanceTimersToNextFrame()
    expect(heard).toHaveBeenCalledTimes(3)
    // A frame without a change ends the burst: the next change is told at once.
    vi.advanceTimersToNextFrame()
    expect(heard).toHaveBeenCalledTimes(3)
    source.change()
    expect(heard).toHaveBeenCalledTimes(4)
  })

  it('ends the wait by a timer where no frame comes (a hidden tab)', () => {
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestAnimationFrame', () => 1)
    vi.stubGlobal('cancelAnimationFrame', () => {})
    const source = store()
    const heard = vi.fn()
    burstBatched(source.subscribe)(heard)
    source.change()
    source.change()
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(99)
    expect(heard).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(heard).toHaveBeenCalledTimes(2)
    vi.unstubAllGlobals()
  })

  it('tells nothing more once unsubscribed, and leaves the store', () => {
    const source = store()
    const heard = vi.fn()
    const unsubscribe = burstBatched(source.subscribe)(heard)
    source.change()
    source.change()
    unsubscribe()
    expect(source.listening()).toBe(0)
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1_000)
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
