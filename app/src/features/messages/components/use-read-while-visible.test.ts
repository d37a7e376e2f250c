import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import { useReadWhileVisible } from './use-read-while-visible.ts'

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

  it('marks nothing more before a mark unread when nothing waits', async () => {
    const { marks, result } = render({ newest: 3, watching: false })
    await act(() => result.current())
    act(() => vi.advanceTimersByTime(1000))
    expect(marks).toEqual([])
  })
})
