// The sync machine recovering: a drop, the network going away, a skipped seq or resync each
// catch up again (the stale tail first), and failed fetches retry on the back-off.
import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS } from './backoff.ts'
import { syncStatus } from './sync-machine.ts'
import type { SyncEvent } from './sync-types.ts'
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
