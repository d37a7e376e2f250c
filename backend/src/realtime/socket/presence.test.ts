import { describe, expect, it } from 'vitest'
import { TopicPresence } from './presence.ts'

describe('TopicPresence', () => {
  it('tracks, updates and untracks with Phoenix diffs', () => {
    const presence = new TopicPresence<string>()
    const joined = presence.track('a', 'alice', { status: 'online' })
    if (!joined.changed) throw new Error('expected a change')
    const ref = joined.diff.joins.alice?.metas[0]?.phx_ref
    expect(typeof ref).toBe('string')
    expect(joined.diff).toEqual({
      joins: { alice: { metas: [{ status: 'online', phx_ref: ref }] } },
      leaves: {},
    })

    expect(presence.track('a', 'alice', { status: 'online' })).toEqual({ changed: false })

    const updated = presence.track('a', 'alice', { status: 'away' })
    if (!updated.changed) throw new Error('expected a change')
    const next = updated.diff.joins.alice?.metas[0]
    expect(next).toMatchObject({ status: 'away', phx_ref_prev: ref })
    expect(updated.diff.leaves).toEqual({ alice: { metas: [{ status: 'online', phx_ref: ref }] } })

    presence.track('b', 'alice', { status: 'phone' })
    presence.track('c', 'bob', {})
    const state = presence.state()
    expect(Object.keys(state)).toEqual(['alice', 'bob'])
    expect(state.alice?.metas.map((m) => m.status)).toEqual(['away', 'phone'])

    expect(presence.untrack('a')).toEqual({
      joins: {},
      leaves: { alice: { metas: [{ status: 'away', phx_ref: next?.phx_ref }] } },
    })
    expect(presence.untrack('a')).toBeNull()
    expect(presence.size).toBe(2)
  })

  it('keeps the state as JSON until the next change', () => {
    const presence = new TopicPresence<string>()
    expect(presence.stateJson()).toBe('{}')
    presence.track('a', 'alice', { status: 'online' })
    const first = presence.stateJson()
    expect(JSON.parse(first)).toEqual(presence.state())
    expect(presence.stateJson()).toBe(first)
    presence.track('a', 'alice', { status: 'online' })
    expect(presence.stateJson()).toBe(first)
    presence.track('b', 'bob', {})
    expect(Object.keys(JSON.parse(presence.stateJson()))).toEqual(['alice', 'bob'])
    presence.untrack('a')
    expect(Object.keys(JSON.parse(presence.stateJson()))).toEqual(['bob'])
  })
})
