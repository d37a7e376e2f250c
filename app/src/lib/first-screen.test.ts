import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { markFirstScreenShown, useAfterFirstScreen } from './first-screen.ts'

describe('useAfterFirstScreen', () => {
  it('is false until the first screen is shown, then true, also for what mounts later', () => {
    const early = renderHook(() => useAfterFirstScreen())
    expect(early.result.current).toBe(false)
    act(() => markFirstScreenShown())
    expect(early.result.current).toBe(true)
    act(() => markFirstScreenShown())
    expect(renderHook(() => useAfterFirstScreen()).result.current).toBe(true)
  })
})
