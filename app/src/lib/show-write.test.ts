import { describe, expect, it, vi } from 'vitest'
import { QueryObserver } from '@tanstack/react-query'
import { makeQueryClient } from './query-client.ts'
import { showWrite } from './show-write.ts'

describe('showWrite', () => {
  it('shows a write at once, and an answer read before it does not undo it', async () => {
    const client = makeQueryClient()
    let server = { hidden: false }
    let answer: (() => void) | undefined
    const queryFn = vi.fn(async () => {
      const read = server
      if (queryFn.mock.calls.length > 1) await new Promise<void>((r) => (answer = r))
      return read
    })
    const observer = new QueryObserver(client, { queryKey: ['steps'], queryFn })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ hidden: false }))
    void client.invalidateQueries({ queryKey: ['steps'] })
    await vi.waitFor(() => expect(answer).toBeDefined())
    const stale = answer!
    const shown = await showWrite<{ hidden: boolean }>(client, { queryKey: ['steps'] }, (s) =>
      s ? { ...s, hidden: true } : s
    )
    server = { hidden: true }
    stale()
    expect(shown.dropped).toBe(true)
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'))
    expect(client.getQueryData(['steps'])).toEqual({ hidden: true })
    unsubscribe()
  })

  it('shows a write without dropping anything when nothing is on its way', async () => {
    const client = makeQueryClient()
    await client.fetchQuery({ queryKey: ['steps'], queryFn: async () => ({ hidden: false }) })
    const shown = await showWrite<{ hidden: boolean }>(client, { queryKey: ['steps'] }, () => ({
      hidden: true,
    }))
    expect(shown.dropped).toBe(false)
    expect(client.getQueryData(['steps'])).toEqual({ hidden: true })
  })
})
