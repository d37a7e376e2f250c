// The files attached to the message being written, while they are read: busy from the moment
// they are attached (a message sent then waits for them), before the check's chunk has answered.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import type { ReactNode } from 'react'
import { useUploads } from './use-uploads.ts'

afterEach(cleanup)

describe('useUploads', () => {
  it('is busy from the moment files are attached, and says why one is refused', async () => {
    // The workspace list, which carries the workspace's largest file (accept-files.ts).
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    const { result } = renderHook(() => useUploads('w1', 'c1'), { wrapper })
    expect(result.current.busy).toBe(false)
    let problems: Promise<string[]> = Promise.resolve([])
    act(() => {
      problems = result.current.add([new File([], 'empty.txt', { type: 'text/plain' })])
    })
    // Not read yet (accept-files.ts is still loading), already busy.
    expect(result.current.uploads).toHaveLength(0)
    expect(result.current.busy).toBe(true)
    expect(await act(() => problems)).toEqual(['empty.txt is empty.'])
    await waitFor(() => expect(result.current.busy).toBe(false))
    expect(result.current.uploads).toHaveLength(0)
  })
})
