// The sync machine's first load (joining it, failing it) and its older pages; its recovering is
// sync-machine.recovery.test.ts. The events they feed are named in sync-machine.test-support.ts.
import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS } from './backoff.ts'
import { syncStatus } from './sync-machine.ts'
import {
  after,
  connected,
  disconnected,
  latest,
  live,
  networkDown,
  offline,
  online,
  play,
  refused,
  start,
} from './sync-machine.test-support.ts'

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
