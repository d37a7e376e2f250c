import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryObserver } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { makeQueryClient } from './query-client.ts'
import { askedBefore, catchUp, watchAsks } from './live-catch-up.ts'
import { tellNow } from './live-told.ts'

// The page's clock, one step a reading: what comes first reads earlier, however fast it runs.
let clock = 0
beforeEach(() => {
  vi.spyOn(performance, 'now').mockImplementation(() => ++clock)
})
afterEach(() => {
  vi.restoreAllMocks()
})

let topics = 0
/** A topic of its own for each test (what it told is kept by the page). */
const newTopic = () => `live:user:test-${++topics}`

/** A list kept by a query; `answer()` lets its next asking be answered. */
function list(client: QueryClient) {
  const asked = vi.fn(async () => 'rows')
  const observer = new QueryObserver(client, { queryKey: ['list', ++topics], queryFn: asked })
  const stop = observer.subscribe(() => {})
  const answered = () =>
    vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false))
  return { asked, observer, stop, answered }
}

describe('catching up after a live topic joined', () => {
  it('does not ask again for a list asked for after the topic joined', async () => {
    const client = makeQueryClient()
    watchAsks(client)
    const topic = newTopic()
    tellNow(topic)
    const rows = list(client)
    await rows.answered()
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    expect(rows.asked).toHaveBeenCalledOnce()
    rows.stop()
  })

  it('asks again for a list asked for before the topic joined', async () => {
    const client = makeQueryClient()
    watchAsks(client)
    const topic = newTopic()
    const rows = list(client)
    await rows.answered()
    tellNow(topic)
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    await rows.answered()
    expect(rows.asked).toHaveBeenCalledTimes(2)
    rows.stop()
  })

  it('asks again when the topic told a change after the list was asked for (a listener added late)', async () => {
    const client = makeQueryClient()
    watchAsks(client)
    const topic = newTopic()
    tellNow(topic)
    const rows = list(client)
    await rows.answered()
    tellNow(topic) // a change this listener was not there to hear
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    await rows.answered()
    expect(rows.asked).toHaveBeenCalledTimes(2)
    rows.stop()
  })

  it('drops a first answer asked for before the join, still on its way, and asks again', async () => {
    const client = makeQueryClient()
    watchAsks(client)
    const topic = newTopic()
    const rows = list(client)
    expect(rows.observer.getCurrentResult().isFetching).toBe(true)
    tellNow(topic)
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    await rows.answered()
    expect(rows.asked).toHaveBeenCalledTimes(2)
    expect(rows.observer.getCurrentResult().data).toBe('rows')
    rows.stop()
  })

  it('asks once when two listeners of the topic catch up after the same join', async () => {
    const client = makeQueryClient()
    watchAsks(client)
    const topic = newTopic()
    const rows = list(client)
    await rows.answered()
    tellNow(topic)
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    await catchUp(client, topic, { queryKey: rows.observer.options.queryKey })
    await rows.answered()
    expect(rows.asked).toHaveBeenCalledTimes(2)
    rows.stop()
  })

  it('asks again when it is not known when the list was asked for, or the topic never told', async () => {
    const client = makeQueryClient()
    const topic = newTopic()
    tellNow(topic)
    const unwatched = list(client) // asked for before the client was watched
    await unwatched.answered()
    await catchUp(client, topic, { queryKey: unwatched.observer.options.queryKey })
    await unwatched.answered()
    expect(unwatched.asked).toHaveBeenCalledTimes(2)

    const silent = newTopic()
    const rows = list(client)
    await rows.answered()
    await catchUp(client, silent, { queryKey: rows.observer.options.queryKey })
    await rows.answered()
    expect(rows.asked).toHaveBeenCalledTimes(2)
    unwatched.stop()
    rows.stop()
  })

  it("names, of a store's ids, those asked for before the topic last told anything", () => {
    const topic = newTopic()
    const asked = new Map<string, number>()
    asked.set('before', performance.now())
    tellNow(topic)
    asked.set('after', performance.now())
    expect(askedBefore(asked, topic)).toEqual(['before'])
    tellNow(topic)
    expect(askedBefore(asked, topic)).toEqual(['before', 'after'])
    expect(askedBefore(asked, newTopic())).toEqual(['before', 'after'])
  })
})
