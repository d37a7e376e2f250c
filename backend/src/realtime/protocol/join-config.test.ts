import { describe, expect, it } from 'vitest'
import { MAX_REPLAY_LIMIT, parseJoinPayload, postgresChangeId } from './join-config.ts'

describe('parseJoinPayload', () => {
  it('reads the payload realtime-js sends', () => {
    const parsed = parseJoinPayload({
      config: {
        broadcast: { ack: true, self: false },
        presence: { key: 'me', enabled: true },
        postgres_changes: [
          { event: 'insert', schema: 'public', table: 'todos', filter: 'id=eq.1' },
        ],
        private: false,
      },
      access_token: 'jwt',
      version: 'realtime-js/2.109.0',
    })
    expect(parsed.invalid).toEqual([])
    expect(parsed.token).toBe('jwt')
    expect(parsed.config.broadcast).toEqual({
      self: false,
      ack: true,
      replay: null,
      replicationReady: false,
    })
    expect(parsed.config.presence).toEqual({ key: 'me', enabled: true })
    expect(parsed.config.postgresChanges[0]).toMatchObject({
      event: 'INSERT',
      schema: 'public',
      table: 'todos',
      filter: 'id=eq.1',
      select: null,
    })
  })

  it('accepts string booleans and applies defaults to anything invalid', () => {
    const parsed = parseJoinPayload({
      config: { broadcast: { self: 'true', ack: 'yes' }, private: 'false', presence: 3 },
    })
    expect(parsed.config.broadcast.self).toBe(true)
    expect(parsed.config.broadcast.ack).toBe(false)
    expect(parsed.config.private).toBe(false)
    expect(parsed.config.presence).toEqual({ key: '', enabled: false })
    expect(parsed.invalid).toContain('broadcast.ack is not a boolean')
  })

  it('survives payloads that are not objects', () => {
    for (const payload of [
      null,
      'x',
      5,
      [],
      { config: 'x' },
      { config: { postgres_changes: 'x' } },
    ]) {
      const parsed = parseJoinPayload(payload)
      expect(parsed.config.postgresChanges).toEqual([])
      expect(parsed.token).toBeNull()
    }
  })

  it('prefers user_token and caps replay limits', () => {
    const parsed = parseJoinPayload({
      user_token: 'u',
      access_token: 'a',
      config: { private: true, broadcast: { replay: { since: 5, limit: 500 } } },
    })
    expect(parsed.token).toBe('u')
    expect(parsed.config.broadcast.replay).toEqual({ since: 5, limit: MAX_REPLAY_LIMIT })
  })

  it('defaults schema to public, table to *, unknown events to *', () => {
    const [change] = parseJoinPayload({
      config: { postgres_changes: [{ event: 'TRUNCATE', table: 't' }] },
    }).config.postgresChanges
    expect(change).toMatchObject({ event: '*', schema: 'public', table: 't', missingTarget: false })
    const [none] = parseJoinPayload({ config: { postgres_changes: [{ event: '*' }] } }).config
      .postgresChanges
    expect(none?.missingTarget).toBe(true)
  })
})

describe('postgresChangeId', () => {
  it('is stable, key-order independent, distinct per filter and under 2^27', () => {
    const a = postgresChangeId({ event: '*', schema: 'public', table: 't' })
    const b = postgresChangeId({ table: 't', schema: 'public', event: '*' })
    const c = postgresChangeId({ event: '*', schema: 'public', table: 'u' })
    expect(a).toBe(b)
    expect(a).not.toBe(c)
    expect(a).toBeLessThan(2 ** 27)
    expect(Number.isInteger(a)).toBe(true)
  })
})
