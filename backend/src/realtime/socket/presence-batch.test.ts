import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PresenceBatches, diffPeriodMs } from './presence-batch.ts'
import type { PresenceDiff } from './presence.ts'

const join = (key: string, ref: string, extra: Record<string, unknown> = {}): PresenceDiff => ({
  joins: { [key]: { metas: [{ ...extra, phx_ref: ref }] } },
  leaves: {},
})
const leave = (key: string, ref: string): PresenceDiff => ({
  joins: {},
  leaves: { [key]: { metas: [{ phx_ref: ref }] } },
})

describe('PresenceBatches', () => {
  let clock = 0
  let sent: { key: string; diff: PresenceDiff }[] = []
  let batches: PresenceBatches
  const advance = async (ms: number) => {
    clock += ms
    await vi.advanceTimersByTimeAsync(ms)
  }

  beforeEach(() => {
    vi.useFakeTimers()
    clock = 0
    sent = []
    batches = new PresenceBatches(
      (key, diff) => sent.push({ key, diff }),
      () => 100,
      () => clock
    )
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends the first change of a quiet topic at once, then merges until the period is over', async () => {
    batches.add('t', join('a', 'r1'))
    batches.add('t', join('b', 'r2'))
    await advance(0)
    expect(sent).toEqual([
      {
        key: 't',
        diff: {
          joins: { a: { metas: [{ phx_ref: 'r1' }] }, b: { metas: [{ phx_ref: 'r2' }] } },
          leaves: {},
        },
      },
    ])
    for (let i = 0; i < 50; i++) batches.add('t', join(`k${i}`, `j${i}`))
    await advance(99)
    expect(sent).toHaveLength(1)
    await advance(1)
    expect(sent).toHaveLength(2)
    expect(Object.keys(sent[1]?.diff.joins ?? {})).toHaveLength(50)
    // Quiet for a period: the next change goes at once again.
    await advance(200)
    batches.add('t', leave('a', 'r1'))
    await advance(0)
    expect(sent[2]?.diff).toEqual({ joins: {}, leaves: { a: { metas: [{ phx_ref: 'r1' }] } } })
  })

  it('drops a meta that joined and left within one batch, keeps updates as join and leave', async () => {
    batches.add('t', join('a', 'r1'))
    await advance(0)
    batches.add('t', join('b', 'r2'))
    batches.add('t', leave('b', 'r2'))
    // An update of a: the new meta joins, the announced one leaves.
    batches.add('t', {
      joins: { a: { metas: [{ phx_ref: 'r3', phx_ref_prev: 'r1' }] } },
      leaves: { a: { metas: [{ phx_ref: 'r1' }] } },
    })
    await advance(100)
    expect(sent[1]?.diff).toEqual({
      joins: { a: { metas: [{ phx_ref: 'r3', phx_ref_prev: 'r1' }] } },
      leaves: { a: { metas: [{ phx_ref: 'r1' }] } },
    })
    // A batch that cancels out sends nothing.
    batches.add('t', join('c', 'r4'))
    batches.add('t', leave('c', 'r4'))
    await advance(500)
    expect(sent).toHaveLength(2)
  })

  it('keeps topics apart and forgets a topic with its pending diff', async () => {
    batches.add('t', join('a', 'r1'))
    batches.add('u', join('a', 'r2'))
    await advance(0)
    expect(sent.map((s) => s.key)).toEqual(['t', 'u'])
    batches.add('t', join('b', 'r3'))
    expect(batches.pending('t')).toBe(true)
    batches.forget('t')
    await advance(1000)
    expect(sent).toHaveLength(2)
  })

  it('waits 1 ms per member, at most Phoenix.Tracker’s 1.5 s', () => {
    expect(diffPeriodMs(2)).toBe(2)
    expect(diffPeriodMs(200)).toBe(200)
    expect(diffPeriodMs(100_000)).toBe(1500)
  })
})
