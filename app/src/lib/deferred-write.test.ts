import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deferredWrite } from './deferred-write.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('deferredWrite', () => {
  it('writes a burst of changes once, after the delay', () => {
    const write = vi.fn()
    const writer = deferredWrite(write, 1000)
    writer.schedule()
    writer.schedule()
    vi.advanceTimersByTime(999)
    expect(write).not.toHaveBeenCalled()
    writer.schedule()
    vi.advanceTimersByTime(1)
    expect(write).toHaveBeenCalledTimes(1)
    writer.schedule()
    vi.advanceTimersByTime(1000)
    expect(write).toHaveBeenCalledTimes(2)
    writer.stop()
  })

  it('writes what waits at once when the page goes away, and when stopped', () => {
    const write = vi.fn()
    const writer = deferredWrite(write, 1000)
    window.dispatchEvent(new Event('pagehide'))
    expect(write).not.toHaveBeenCalled()
    writer.schedule()
    window.dispatchEvent(new Event('pagehide'))
    expect(write).toHaveBeenCalledTimes(1)
    writer.schedule()
    writer.stop()
    expect(write).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5000)
    window.dispatchEvent(new Event('pagehide'))
    expect(write).toHaveBeenCalledTimes(2)
  })
})
