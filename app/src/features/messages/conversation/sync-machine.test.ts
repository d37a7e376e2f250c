import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS } from './backoff.ts'
import { initialSyncState, reduce, syncStatus } from './sync-machine.ts'
import type { SyncEffect, SyncEvent, SyncState } from './sync-machine.ts'

const limits = { pageSize: 10, maxCatchUpPages: 3 }

/** Feeds events in order; returns the last state and the effects of the last event. */
function play(events: SyncEvent[], from: SyncState = initialSyncState()) {
  let state = from
  let effects: SyncEffect[] = []
  for (const event of events) ({ state, effects } = reduce(state, event, limits))
  return { state, effects }
}

const start: SyncEvent = { type: 'start', online: true }
const connected: SyncEvent = { type: 'transport', status: 'connected' }
const disconnected: SyncEvent = { type: 'transport', status: 'disconnected' }
const offline: SyncEvent = { type: 'online', online: false }
const online: SyncEvent = { type: 'online', online: true }
const latest = (count = 10): SyncEvent => ({ type: 'latest-loaded', count })
const after = (count: number): SyncEvent => ({ type: 'after-loaded', count })
const networkDown = (fetch: 'latest' | 'tail' | 'after'): SyncEvent => ({
  type: 'failed',
  fetch,
  error: 'Failed to fetch',
  retryable: true,
})
const refused = (fetch: 'latest' | 'tail' | 'after'): SyncEvent => ({
  type: 'failed',
  fetch,
  error: 'Channel not found.',
  retryable: false,
})

/** Started, first page in, joined and caught up. */
const live = () => play([start, latest(), connected, after(0)]).state

describe('sync machine: first load and joining', () => {
  it('starts by fetching the newest page and flushing the outbox, loading', () => {
    const { state, effects } = play([start])
    expect(effects).toEqual([{ type: 'fetch-latest' }, { type: 'flush-sends' }])
    expect(state.task).toEqual({ kind: 'latest', then: 'stop' })
    expect(syncStatus(state)).toBe('loading')
  })

  it('starts offline when the browser is offline', () => {
    expect(syncStatus(play([{ type: 'start', online: false }]).state)).toBe('offline')
  })

  it('the first page alone loads the channel but is not live: no join yet', () => {
    const { state, effects } = play([start, latest(10)])
    expect(effects).toEqual([])
    expect(state).toMatchObject({ loaded: true, hasOlder: true, task: { kind: 'idle' } })
    expect(syncStatus(state)).toBe('loading')
    expect(play([start, latest(3)]).state.hasOlder).toBe(false)
  })

  it('a join during the first load queues a catch-up that runs when the page is in', () => {
    const joined = play([start, connected])
    expect(joined.effects).toEqual([{ type: 'flush-sends' }])
    expect(joined.state.queued).toBe(true)
    const loaded = play([latest()], joined.state)
    expect(loaded.effects).toEqual([{ type: 'fetch-after' }])
    expect(loaded.state).toMatchObject({ queued: false, task: { kind: 'after', pages: 0 } })
    expect(syncStatus(loaded.state)).toBe('catching-up')
    const done = play([after(2)], loaded.state)
    expect(done.state).toMatchObject({ synced: true, task: { kind: 'idle' } })
    expect(syncStatus(done.state)).toBe('live')
  })

  it('a join after the first load catches up at once and is live only after it', () => {
    const { state, effects } = play([start, latest(), connected])
    expect(effects).toEqual([{ type: 'fetch-after' }, { type: 'flush-sends' }])
    expect(syncStatus(state)).toBe('catching-up')
    expect(syncStatus(play([after(9)], state).state)).toBe('live')
  })

  it('a full page asks for the next one; the last short page ends the catch-up', () => {
    const first = play([start, latest(), connected, after(10)])
    expect(first.effects).toEqual([{ type: 'fetch-after' }])
    expect(first.state.task).toEqual({ kind: 'after', pages: 1 })
    expect(first.state.synced).toBe(false)
    const second = play([after(4)], first.state)
    expect(second.state.synced).toBe(true)
  })

  it('a gap too long to replay reopens at the newest page, which ends the catch-up', () => {
    const long = play([start, latest(), connected, after(10), after(10), after(10)])
    expect(long.effects).toEqual([{ type: 'fetch-latest' }])
    expect(long.state.task).toEqual({ kind: 'latest', then: 'finish' })
    const reopened = play([latest(10)], long.state)
    expect(reopened.effects).toEqual([])
    expect(reopened.state).toMatchObject({ synced: true, hasOlder: true, task: { kind: 'idle' } })
  })
})

describe('sync machine: first load failing', () => {
  it('a network failure of the first page stays loading, says why, and retries on the back-off', () => {
    const { state, effects } = play([start, networkDown('latest')])
    expect(effects).toEqual([{ type: 'arm-retry', delayMs: RETRY_DELAYS_MS[0] }])
    expect(state.catchUpError).toBe('Failed to fetch')
    expect(syncStatus(state)).toBe('loading')
    const due = play([{ type: 'retry-due' }], state)
    expect(due.effects).toEqual([{ type: 'fetch-latest' }])
    expect(due.state.task).toEqual({ kind: 'latest', then: 'catch-up' })
    // The retried page goes on into a catch-up (no join yet, so not live), which clears the error.
    const loaded = play([latest()], due.state)
    expect(loaded.effects).toEqual([{ type: 'fetch-after' }])
    expect(play([{ type: 'after-loaded', count: 0 }], loaded.state).state.catchUpError).toBeNull()
  })

  it('a join while the retry waits cancels the timer and loads at once', () => {
    const { state, effects } = play([start, networkDown('latest'), connected])
    expect(effects).toEqual([
      { type: 'cancel-retry' },
      { type: 'fetch-latest' },
      { type: 'flush-sends' },
    ])
    expect(state.backoff.armed).toBe(false)
  })

  it('offline, a failed first page waits for the network instead of a timer', () => {
    const failed = play([{ type: 'start', online: false }, networkDown('latest')])
    expect(failed.effects).toEqual([])
    expect(syncStatus(failed.state)).toBe('offline')
    expect(play([online], failed.state).effects).toEqual([
      { type: 'fetch-latest' },
      { type: 'resume-sends' },
    ])
  })

  it('a refused first page is an error that only resync clears, by starting over', () => {
    const { state } = play([start, refused('latest')])
    expect(syncStatus(state)).toBe('error')
    expect(state.fatal).toBe('Channel not found.')
    // Joins and the network's return do not hide the error or fetch anything.
    expect(play([connected], state).effects).toEqual([{ type: 'flush-sends' }])
    expect(play([connected], state).state.task.kind).toBe('idle')
    const retried = play([{ type: 'resync' }], state)
    expect(retried.state.fatal).toBeNull()
    expect(retried.effects).toEqual([{ type: 'fetch-latest' }, { type: 'flush-sends' }])
    expect(retried.state.task).toEqual({ kind: 'latest', then: 'catch-up' })
  })
})

describe('sync machine: drops, again, stale tail', () => {
  it('a drop while live is reconnecting; the rejoin re-reads the tail, then catches up', () => {
    const dropped = play([disconnected], live())
    expect(dropped.state).toMatchObject({ staleTail: true, synced: false })
    expect(syncStatus(dropped.state)).toBe('reconnecting')
    const rejoined = play([connected], dropped.state)
    expect(rejoined.effects).toEqual([{ type: 'fetch-tail' }, { type: 'flush-sends' }])
    const tail = play([{ type: 'tail-loaded' }], rejoined.state)
    expect(tail.effects).toEqual([{ type: 'fetch-after' }])
    expect(tail.state.staleTail).toBe(false)
    expect(syncStatus(play([after(0)], tail.state).state)).toBe('live')
  })

  it('a drop during a catch-up: the round ends, but the channel is not called live', () => {
    const catching = play([disconnected, connected, { type: 'tail-loaded' }], live()).state
    const dropped = play([disconnected], catching)
    expect(dropped.state.staleTail).toBe(true)
    const ended = play([after(2)], dropped.state)
    expect(ended.state).toMatchObject({ synced: false, task: { kind: 'idle' } })
    expect(syncStatus(ended.state)).toBe('reconnecting')
    // The rejoin catches up again, stale tail first.
    expect(play([connected], ended.state).effects[0]).toEqual({ type: 'fetch-tail' })
  })

  it('a drop and rejoin during a catch-up runs one more round before going live', () => {
    const catching = play([disconnected, connected], live()).state
    const again = play([{ type: 'tail-loaded' }, disconnected, connected], catching)
    expect(again.effects).toEqual([{ type: 'flush-sends' }])
    expect(again.state.queued).toBe(true)
    const round = play([after(1)], again.state)
    expect(round.effects).toEqual([{ type: 'fetch-tail' }])
    expect(round.state.synced).toBe(false)
    const done = play([{ type: 'tail-loaded' }, after(0)], round.state)
    expect(done.state).toMatchObject({ synced: true, queued: false })
  })

  it('a skipped seq while live catches up; while catching up it changes nothing', () => {
    const gap = play([{ type: 'gap' }], live())
    expect(gap.effects).toEqual([{ type: 'fetch-after' }])
    expect(syncStatus(gap.state)).toBe('catching-up')
    const duringCatchUp = play([{ type: 'gap' }], gap.state)
    expect(duringCatchUp.effects).toEqual([])
    expect(duringCatchUp.state.queued).toBe(false)
  })

  it('going offline marks the tail stale; the return restarts the back-off and catches up', () => {
    const away = play([offline], live())
    expect(syncStatus(away.state)).toBe('offline')
    expect(away.state.staleTail).toBe(true)
    expect(play([offline], away.state).effects).toEqual([])
    const back = play([online], away.state)
    expect(back.effects).toEqual([{ type: 'fetch-tail' }, { type: 'resume-sends' }])
    expect(syncStatus(back.state)).toBe('catching-up')
  })

  it('resync while live catches up again; while catching up it queues a round', () => {
    const resynced = play([{ type: 'resync' }], live())
    expect(resynced.effects).toEqual([{ type: 'fetch-after' }, { type: 'flush-sends' }])
    expect(play([{ type: 'resync' }], resynced.state).state.queued).toBe(true)
  })

  it('a tail re-read that fails keeps the tail stale and retries', () => {
    const catching = play([disconnected, connected, networkDown('tail')], live())
    expect(catching.state).toMatchObject({ staleTail: true, catchUpError: 'Failed to fetch' })
    expect(catching.effects).toEqual([{ type: 'arm-retry', delayMs: 1000 }])
    expect(play([{ type: 'retry-due' }], catching.state).effects).toEqual([{ type: 'fetch-tail' }])
  })
})

describe('sync machine: retries with back-off', () => {
  it('waits longer after each failure, up to the last delay, and starts over after a success', () => {
    let state = play([start, latest(), connected]).state
    const delays: number[] = []
    for (let i = 0; i < RETRY_DELAYS_MS.length + 2; i++) {
      const failed = play([networkDown('after')], state)
      expect(syncStatus(failed.state)).toBe('catching-up')
      expect(failed.state.catchUpError).toBe('Failed to fetch')
      const arm = failed.effects.find((e) => e.type === 'arm-retry')
      delays.push(arm?.type === 'arm-retry' ? arm.delayMs : -1)
      const due = play([{ type: 'retry-due' }], failed.state)
      expect(due.effects).toEqual([{ type: 'fetch-after' }])
      state = due.state
    }
    expect(delays).toEqual([...RETRY_DELAYS_MS, 30000, 30000])
    const ok = play([after(0)], state).state
    expect(ok).toMatchObject({ catchUpError: null, synced: true, backoff: { attempt: 0 } })
    expect(play([{ type: 'gap' }, networkDown('after')], ok).effects).toEqual([
      { type: 'arm-retry', delayMs: 1000 },
    ])
  })

  it('arms one timer at a time, none while offline', () => {
    const failed = play([start, latest(), connected, networkDown('after')]).state
    expect(failed.backoff).toEqual({ attempt: 1, armed: true })
    const offlineFail = play([offline, online, networkDown('tail')], live())
    expect(offlineFail.effects).toEqual([{ type: 'arm-retry', delayMs: 1000 }])
    const whileOffline = play([offline, { type: 'resync' }, networkDown('tail')], live())
    expect(whileOffline.effects).toEqual([])
    expect(whileOffline.state.backoff.armed).toBe(false)
  })

  it('the network coming back restarts the back-off', () => {
    const twice = play([
      start,
      latest(),
      connected,
      networkDown('after'),
      { type: 'retry-due' },
      networkDown('after'),
    ])
    expect(twice.state.backoff.attempt).toBe(2)
    const back = play([offline, online], twice.state)
    expect(back.state.backoff.attempt).toBe(0)
    expect(back.effects).toContainEqual({ type: 'cancel-retry' })
  })

  it('a refused catch-up is an error; resync reloads the newest page, then catches up', () => {
    const failed = play([start, latest(), connected, refused('after')])
    expect(failed.effects).toEqual([])
    expect(syncStatus(failed.state)).toBe('error')
    const resync = play([{ type: 'resync' }], failed.state)
    expect(resync.effects).toEqual([{ type: 'fetch-latest' }, { type: 'flush-sends' }])
    const loaded = play([latest(), after(0)], resync.state)
    expect(syncStatus(loaded.state)).toBe('live')
  })

  it('a failing reopen is a failed catch-up, retried, never called live', () => {
    const reopen = play([start, latest(), connected, after(10), after(10), after(10)]).state
    const failed = play([networkDown('latest')], reopen)
    expect(failed.state).toMatchObject({ synced: false, catchUpError: 'Failed to fetch' })
    expect(failed.effects).toEqual([{ type: 'arm-retry', delayMs: 1000 }])
    expect(play([{ type: 'retry-due' }], failed.state).effects).toEqual([{ type: 'fetch-after' }])
  })

  it('a result for a fetch that is not running is ignored', () => {
    const state = live()
    for (const event of [after(3), latest(3), { type: 'tail-loaded' }, networkDown('after')]) {
      expect(play([event as SyncEvent], state)).toEqual({ state, effects: [] })
    }
  })
})

describe('sync machine: older pages', () => {
  it('pages back from the oldest seq held, one at a time, until a short page', () => {
    const asked = play([{ type: 'load-older', oldest: 40 }], live())
    expect(asked.effects).toEqual([{ type: 'fetch-older', before: 40 }])
    expect(asked.state.loadingOlder).toBe(true)
    expect(play([{ type: 'load-older', oldest: 40 }], asked.state).effects).toEqual([])
    const full = play([{ type: 'older-loaded', count: 10 }], asked.state).state
    expect(full).toMatchObject({ loadingOlder: false, hasOlder: true })
    const last = play(
      [
        { type: 'load-older', oldest: 30 },
        { type: 'older-loaded', count: 2 },
      ],
      full
    )
    expect(last.state.hasOlder).toBe(false)
    expect(play([{ type: 'load-older', oldest: 28 }], last.state).effects).toEqual([])
  })

  it('nothing held: nothing to page from; a failure is kept apart from the channel status', () => {
    expect(play([{ type: 'load-older', oldest: null }], live()).effects).toEqual([])
    const failed = play(
      [
        { type: 'load-older', oldest: 5 },
        { type: 'older-failed', error: 'Failed to fetch' },
      ],
      live()
    ).state
    expect(failed).toMatchObject({ loadingOlder: false, olderError: 'Failed to fetch' })
    expect(syncStatus(failed)).toBe('live')
  })

  it('never changes the state it is given', () => {
    const state = live()
    const copy = structuredClone(state)
    play([disconnected, offline, { type: 'resync' }, { type: 'load-older', oldest: 3 }], state)
    expect(state).toEqual(copy)
  })
})
