import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import { MARK_EVERY_MS, useReadWhileVisible } from './use-read-while-visible.ts'
import type { ReadPace } from './use-read-while-visible.ts'

function render(initial: { newest: number; watching: boolean }) {
  const marks: number[] = []
  const mark = (seq: number) => {
    marks.push(seq)
    return Promise.resolve()
  }
  const hook = renderHook(
    (p: { newest: number; watching: boolean }) => useReadWhileVisible(p.newest, p.watching, mark),
    { initialProps: initial }
  )
  return { marks, ...hook }
}

describe('useReadWhileVisible', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('marks the newest read once it has been in view for 400 ms, once', () => {
    const { marks, rerender } = render({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(399))
    expect(marks).toEqual([])
    act(() => vi.advanceTimersByTime(1))
    expect(marks).toEqual([3])
    rerender({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([3])
  })

  it('waits while not watching (scrolled up, offline)', () => {
    const { marks, rerender } = render({ newest: 3, watching: false })
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([])
    rerender({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(400))
    expect(marks).toEqual([3])
  })

  it('makes a waiting mark at once before a mark unread, then holds until a newer message', async () => {
    const { marks, rerender, result } = render({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(100))
    // "Mark unread" within the 400 ms: what is on screen is marked read first (mark_unread
    // only moves a position back), and the timer no longer fires after it to undo the mark.
    await act(() => result.current())
    expect(marks).toEqual([3])
    act(() => vi.advanceTimersByTime(1000))
    rerender({ newest: 3, watching: false })
    rerender({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([3])
    rerender({ newest: 4, watching: true })
    act(() => vi.advanceTimersByTime(400))
    expect(marks).toEqual([3, 4])
  })

  it("does not restart an older message's wait when a newer one comes", () => {
    const { marks, rerender } = render({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(300))
    rerender({ newest: 4, watching: true })
    act(() => vi.advanceTimersByTime(100))
    expect(marks).toEqual([3])
    act(() => vi.advanceTimersByTime(300))
    expect(marks).toEqual([3, 4])
  })

  it('counts a wait whose time has passed as seen on leaving, though its timer ran late', () => {
    const { marks, unmount } = render({ newest: 3, watching: true })
    // a busy page: 450 ms have passed by the clock, the timer has not run yet
    const start = performance.now()
    const clock = vi.spyOn(performance, 'now').mockReturnValue(start + 450)
    unmount()
    clock.mockRestore()
    expect(marks).toEqual([3])
  })

  it('marks nothing for a message in view less than 400 ms when the view is left', () => {
    const { marks, unmount } = render({ newest: 3, watching: true })
    act(() => vi.advanceTimersByTime(200))
    unmount()
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([])
  })

  it('marks nothing more before a mark unread when nothing waits', async () => {
    const { marks, result } = render({ newest: 3, watching: false })
    await act(() => result.current())
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([])
  })

  it('marks a message opened by its link at once, not watching, and only forward', () => {
    const marks: number[] = []
    const mark = (seq: number) => {
      marks.push(seq)
      return Promise.resolve()
    }
    const { rerender } = renderHook(
      (p: { opened?: number }) => useReadWhileVisible(9, false, mark, undefined, p.opened),
      { initialProps: {} as { opened?: number } }
    )
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([])
    rerender({ opened: 5 })
    expect(marks).toEqual([5])
    rerender({ opened: 4 })
    rerender({ opened: 5 })
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([5])
    rerender({ opened: 7 })
    expect(marks).toEqual([5, 7])
  })

  describe('paced (a channel)', () => {
    interface Props {
      newest: number
      mine?: boolean
      forMe?: boolean
    }
    function paced(initial: Props) {
      const marks: number[] = []
      const seen: number[] = []
      const mark = (seq: number) => {
        marks.push(seq)
        return Promise.resolve()
      }
      const hook = renderHook(
        (p: Props) => {
          const pace: ReadPace = {
            mine: p.mine ?? false,
            soon: () => p.forMe ?? false,
            seen: (seq) => seen.push(seq),
          }
          return useReadWhileVisible(p.newest, true, mark, pace)
        },
        { initialProps: initial }
      )
      return { marks, seen, ...hook }
    }

    it("marks the first message seen at once, then others' at most once per interval", () => {
      const { marks, seen, rerender } = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      expect(marks).toEqual([3])
      for (const newest of [4, 5, 6]) {
        rerender({ newest })
        act(() => vi.advanceTimersByTime(10_000))
      }
      // Shown read here as each came, not marked on the server.
      expect(seen).toEqual([3, 4, 5, 6])
      expect(marks).toEqual([3])
      act(() => vi.advanceTimersByTime(MARK_EVERY_MS))
      expect(marks).toEqual([3, 6])
    })

    it('marks a mention of me (or a direct message) without waiting', () => {
      const { marks, rerender } = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      rerender({ newest: 4, forMe: true })
      act(() => vi.advanceTimersByTime(400))
      expect(marks).toEqual([3, 4])
    })

    it('makes no mark for my own message: the server made it', () => {
      const { marks, rerender } = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      rerender({ newest: 4 })
      act(() => vi.advanceTimersByTime(400))
      rerender({ newest: 5, mine: true })
      act(() => vi.advanceTimersByTime(MARK_EVERY_MS * 2))
      // 4 was waiting; my message 5 moved the position past it on the server.
      expect(marks).toEqual([3])
    })

    it('keeps read what a lively channel showed: messages faster than 400 ms apart', () => {
      const { marks, seen, rerender, unmount } = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      // 4 to 7 come 300 ms apart; the view is left 200 ms after 7
      for (const newest of [4, 5, 6, 7]) {
        rerender({ newest })
        act(() => vi.advanceTimersByTime(newest === 7 ? 200 : 300))
      }
      expect(seen).toEqual([3, 4, 5, 6])
      unmount()
      // 4 to 6 were each in view their 400 ms: marked on leaving (7, 200 ms only, is not)
      expect(marks).toEqual([3, 6])
    })

    it('marks what was seen when the view is left or the page hidden', () => {
      const first = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      first.rerender({ newest: 7 })
      act(() => vi.advanceTimersByTime(400))
      expect(first.marks).toEqual([3])
      first.unmount()
      expect(first.marks).toEqual([3, 7])

      const second = paced({ newest: 3 })
      act(() => vi.advanceTimersByTime(400))
      second.rerender({ newest: 8 })
      act(() => vi.advanceTimersByTime(400))
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
      expect(second.marks).toEqual([3, 8])
    })
  })
})
