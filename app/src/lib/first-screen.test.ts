import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AFTER_FIRST_SCREEN_MS,
  afterFirstScreen,
  markFirstScreenShown,
  useAfterFirstScreen,
} from './first-screen.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('useAfterFirstScreen', () => {
  it('is false until a moment after the first screen is shown, then true, also for what mounts later', async () => {
    vi.useFakeTimers()
    const ran: string[] = []
    afterFirstScreen(() => ran.push('early'))
    const early = renderHook(() => useAfterFirstScreen())
    expect(early.result.current).toBe(false)
    act(() => markFirstScreenShown())
    expect(early.result.current).toBe(false)
    act(() => vi.advanceTimersByTime(AFTER_FIRST_SCREEN_MS - 1))
    expect(early.result.current).toBe(false)
    expect(ran).toEqual([])
    act(() => vi.advanceTimersByTime(1))
    // The first waiter at once, the next a task later.
    expect(ran).toEqual(['early'])
    expect(early.result.current).toBe(false)
    await vi.waitFor(() => expect(early.result.current).toBe(true))
    afterFirstScreen(() => ran.push('late'))
    expect(ran).toEqual(['early', 'late'])
    act(() => markFirstScreenShown())
    expect(renderHook(() => useAfterFirstScreen()).result.current).toBe(true)
  })
})

describe('holdFirstScreen', () => {
  it('holds the first screen back until what its text waits for has settled', async () => {
    // The test's clock from the module's start (its fallback is a timer too).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    vi.resetModules()
    const screen = await import('./first-screen.ts')
    let loaded: () => void = () => {}
    screen.holdFirstScreen(new Promise<void>((resolve) => (loaded = resolve)))
    let shown = false
    void screen.firstScreenShown().then(() => (shown = true))
    screen.markFirstScreenShown()
    // Held however long (short of the fallback's moment, when nothing waits any more).
    await vi.advanceTimersByTimeAsync(screen.FIRST_SCREEN_FALLBACK_MS / 2)
    expect(shown).toBe(false)
    loaded()
    // Its text shows in the next frame, then it is readable.
    await vi.advanceTimersByTimeAsync(0)
    expect(shown).toBe(false)
    await vi.advanceTimersByTimeAsync(16)
    expect(shown).toBe(true)
    // Once shown, a hold changes nothing.
    screen.holdFirstScreen(new Promise(() => {}))
  })

  it('does not wait for a hold that fails', async () => {
    vi.resetModules()
    const screen = await import('./first-screen.ts')
    screen.holdFirstScreen(Promise.reject(new Error('offline')))
    screen.markFirstScreenShown()
    await screen.firstScreenShown()
  })
})
