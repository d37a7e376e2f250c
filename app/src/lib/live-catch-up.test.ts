import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryObserver } from '@tanstack/react-query'
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

/** A query client noting its queries' asking, a topic of its own, and a list kept by a query
 * (`settled`: once no fetch of it is on its way). */
function world(options: { watched?: boolean } = {}) {
  const client = makeQueryClient()
  if (options.watched !== false) watchAsks(client)
  const asked = vi.fn(async () => 'rows')
  const queryKey: readonly unknown[] = ['list', ++topics]
  let observer: QueryObserver<string> | null = null
  return {
    client,
    topic: newTopic(),
    asked,
    /** The list is shown: its query asked for. */
    show: () => {
      const shown = new QueryObserver<string>(client, { queryKey, queryFn: asked })
      observer = shown
      return shown.subscribe(() => {})
    },
    fetching: () => observer!.getCurrentResult().isFetching,
    data: () => observer!.getCurrentResult().data,
    settled: () => vi.waitFor(() => expect(observer!.getCurrentResult().isFetching).toBe(false)),
    /** The topic (re)joined: the list's listener catches up. */
    catchUp: (topic: string) => catchUp(client, topic, { queryKey }),
  }
}

describe('catching up after a live topic joined', () => {
  it('does not ask again for a list asked for after the topic joined', async () => {
    const w = world()
    tellNow(w.topic)
    w.show()
    await w.settled()
    await w.catchUp(w.topic)
    expect(w.asked).toHaveBeenCalledOnce()
  })

  it('asks again for a list asked for before the topic joined', async () => {
    const w = world()
    w.show()
    await w.settled()
    tellNow(w.topic)
    await w.catchUp(w.topic)
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
  })

  it('asks again when the topic told a change after the list was asked for (a listener added late)', async () => {
    const w = world()
    tellNow(w.topic)
    w.show()
    await w.settled()
    tellNow(w.topic) // a change this listener was not there to hear
    await w.catchUp(w.topic)
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
  })

  it('drops a first answer asked for before the join, still on its way, and asks again', async () => {
    const w = world()
    w.show()
    expect(w.fetching()).toBe(true)
    tellNow(w.topic)
    await w.catchUp(w.topic)
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
    expect(w.data()).toBe('rows')
  })

  it('asks once when two listeners of the topic catch up after the same join', async () => {
    const w = world()
    w.show()
    await w.settled()
    tellNow(w.topic)
    await w.catchUp(w.topic)
    await w.catchUp(w.topic)
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
  })

  it('asks again when it is not known when the list was asked for', async () => {
    const w = world({ watched: false })
    tellNow(w.topic)
    w.show() // asked for before the client's asking was noted
    await w.settled()
    await w.catchUp(w.topic)
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
  })

  it('asks again after a join of a topic that never told anything', async () => {
    const w = world()
    w.show()
    await w.settled()
    await w.catchUp(newTopic())
    await w.settled()
    expect(w.asked).toHaveBeenCalledTimes(2)
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
