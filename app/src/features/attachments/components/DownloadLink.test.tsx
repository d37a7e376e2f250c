// Issue 69, item 3: attachments are signed for 10 minutes, a shown download link is signed again
// before its URL expires, and once signing is refused (the person lost access) it says so.
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import type { AttachmentInfo } from './attachment-info.ts'
import { DownloadLink } from './DownloadLink.tsx'

const signing = vi.hoisted(() => ({
  calls: [] as { path: string; expiresIn: number; download: unknown }[],
  refuse: false,
}))
vi.mock('../../../lib/supabase.ts', () => ({
  storage: async () => ({
    from: () => ({
      createSignedUrl: async (path: string, expiresIn: number, options?: { download?: string }) => {
        signing.calls.push({ path, expiresIn, download: options?.download })
        if (signing.refuse) return { data: null, error: new Error('Object not found') }
        return {
          data: { signedUrl: `http://api.test/object/sign/a/${path}?n=${signing.calls.length}` },
          error: null,
        }
      },
    }),
  }),
}))

const file = { path: 'ws/ch/m/report.pdf', name: 'report.pdf' } as AttachmentInfo
const href = () =>
  screen.getByRole('link', { name: 'Download report.pdf' }).getAttribute('href') ?? ''

function show() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <DownloadLink attachment={file} />
    </QueryClientProvider>
  )
}

describe('DownloadLink', () => {
  beforeEach(() => {
    signing.calls.length = 0
    signing.refuse = false
    // The page's clock, moved on by the test; it also runs on by itself so that waits work.
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('signs for ten minutes and again two minutes before the URL expires', async () => {
    show()
    await waitFor(() => expect(href()).toContain('n=1'))
    expect(signing.calls).toEqual([{ path: file.path, expiresIn: 600, download: 'report.pdf' }])
    await act(() => vi.advanceTimersByTimeAsync(7 * 60_000))
    expect(signing.calls).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    await waitFor(() => expect(href()).toContain('n=2'))
    expect(signing.calls[1]).toEqual({ path: file.path, expiresIn: 600, download: 'report.pdf' })
  })

  it('says "Unavailable" once signing again is refused', async () => {
    show()
    await waitFor(() => expect(href()).toContain('n=1'))
    signing.refuse = true
    await act(() => vi.advanceTimersByTimeAsync(8 * 60_000))
    await screen.findByText('Unavailable')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
