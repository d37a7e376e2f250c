import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOAD_ATTEMPTS, loadRetrying } from './lazy.ts'

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  if (online) window.dispatchEvent(new Event('online'))
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('loadRetrying', () => {
  it('waits while the browser is offline and loads once it is back online', async () => {
    vi.useFakeTimers()
    setOnline(false)
    const load = vi.fn(async () => {
      if (navigator.onLine === false)
        throw new TypeError('Failed to fetch dynamically imported module')
      return 'the module'
    })
    const loaded = loadRetrying(load)
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    // However long it stays offline (an hour on the test's clock, well past every pause of the
    // attempts online), nothing more is tried and nothing is given up.
    let settled = false
    void loaded.finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(load).toHaveBeenCalledTimes(1)
    expect(settled).toBe(false)
    setOnline(true)
    await expect(loaded).resolves.toBe('the module')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tries LOAD_ATTEMPTS times while online, pausing longer each time, then gives up', async () => {
    vi.useFakeTimers()
    setOnline(true)
    const load = vi.fn(() => Promise.reject(new Error('404')))
    const loaded = loadRetrying(load)
    const failed = expect(loaded).rejects.toThrow('404')
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(load).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(2000)
    expect(load).toHaveBeenCalledTimes(LOAD_ATTEMPTS)
    await failed
  })

  it('returns what a later attempt loads', async () => {
    vi.useFakeTimers()
    setOnline(true)
    const load = vi.fn().mockRejectedValueOnce(new Error('reset')).mockResolvedValue('ok')
    const loaded = loadRetrying(load)
    await vi.advanceTimersByTimeAsync(500)
    await expect(loaded).resolves.toBe('ok')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
