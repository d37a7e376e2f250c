import { describe, expect, it, vi } from 'vitest'
import { QueryObserver } from '@tanstack/react-query'
import { makeQueryClient, patchLive } from './query-client.ts'

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

  it('reads again after an invalidation that comes while the first answer is on its way', async () => {
    const client = makeQueryClient()
    // The first answer is read, then the change is committed and its event invalidates the query
    // before that answer arrives: TanStack alone would hand the invalidation that stale answer.
    let server = 'everyone'
    const answers: (() => void)[] = []
    const queryFn = vi.fn(async () => {
      const read = server
      await new Promise<void>((resolve) => answers.push(resolve))
      return read
    })
    const observer = new QueryObserver(client, { queryKey: ['who'], queryFn, staleTime: 60_000 })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    server = 'admins'
    const invalidated = client.invalidateQueries({ queryKey: ['who'] })
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]!()
    answers[1]!()
    await invalidated
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('admins'))
    expect(queryFn).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('asks again when a live change comes while the first answer, read before it, is on its way', async () => {
    const client = makeQueryClient()
    let server = ['a']
    const answers: (() => void)[] = []
    const queryFn = vi.fn(async () => {
      const read = [...server]
      await new Promise<void>((resolve) => answers.push(resolve))
      return read
    })
    const observer = new QueryObserver(client, { queryKey: ['rows'], queryFn, staleTime: 60_000 })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    // The change comes live with nothing to patch yet: the answer on its way predates it.
    server = ['a', 'b']
    patchLive<string[]>(client, ['rows'], (rows) => rows && [...rows, 'b'])
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]!()
    answers[1]!()
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['a', 'b']))
    unsubscribe()
  })

  it('asks again when a live change comes while an answer read before it is on its way', async () => {
    const client = makeQueryClient()
    // The server's rows: the first answer is read, then the change is made and comes live.
    let server = ['a']
    let answer: (() => void) | null = null
    const queryFn = vi.fn(async () => {
      const read = [...server]
      await new Promise<void>((resolve) => (answer = resolve))
      return read
    })
    const observer = new QueryObserver(client, { queryKey: ['rows'], queryFn, staleTime: 0 })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(answer).not.toBeNull())
    answer!()
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['a']))

    // A refetch reads ['a'] and is held; meanwhile 'b' is added and its change applied.
    answer = null
    void observer.refetch()
    await vi.waitFor(() => expect(answer).not.toBeNull())
    const stale = answer!
    server = ['a', 'b']
    patchLive<string[]>(client, ['rows'], (rows) => rows && [...rows, 'b'])
    expect(client.getQueryData(['rows'])).toEqual(['a', 'b'])
    // The held answer comes late and changes nothing; the new one has 'b'.
    stale()
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3))
    answer!()
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'))
    expect(client.getQueryData(['rows'])).toEqual(['a', 'b'])
    unsubscribe()
  })

  it('patches without asking again when nothing is on its way', async () => {
    const client = makeQueryClient()
    const queryFn = vi.fn(async () => ['a'])
    await client.fetchQuery({ queryKey: ['rows'], queryFn })
    patchLive<string[]>(client, ['rows'], (rows) => rows && [...rows, 'b'])
    expect(client.getQueryData(['rows'])).toEqual(['a', 'b'])
    expect(client.getQueryState(['rows'])?.fetchStatus).toBe('idle')
    expect(queryFn).toHaveBeenCalledOnce()
  })
})
