import { describe, expect, it, vi } from 'vitest'
import { QueryObserver } from '@tanstack/react-query'
import { makeQueryClient } from './query-client.ts'

describe('the query client', () => {
  it('runs a query function in a task of its own, not in the one that subscribed', async () => {
    const client = makeQueryClient()
    const queryFn = vi.fn(async () => 'rows')
    const observer = new QueryObserver(client, { queryKey: ['rows'], queryFn })
    const seen: string[] = []
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) seen.push(result.data)
    })
    // Subscribing started the fetch; its function waits for the next task.
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching')
    await Promise.resolve()
    expect(queryFn).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(seen).toEqual(['rows']))
    expect(queryFn).toHaveBeenCalledOnce()
    unsubscribe()
  })

  it('wraps a function once, however often its options are defaulted', () => {
    const client = makeQueryClient()
    const queryFn = async () => 1
    const first = client.defaultQueryOptions({ queryKey: ['a'], queryFn })
    const again = client.defaultQueryOptions({ queryKey: ['a'], queryFn })
    expect(first.queryFn).not.toBe(queryFn)
    expect(again.queryFn).toBe(first.queryFn)
    expect(client.defaultQueryOptions(first).queryFn).toBe(first.queryFn)
  })
})
