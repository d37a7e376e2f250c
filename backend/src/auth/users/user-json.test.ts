import { describe, expect, it } from 'vitest'
import { goTime, identityJson, sortKeysDeep } from './user-json.ts'

describe('goTime', () => {
  it('renders Postgres UTC times as Go RFC 3339', () => {
    expect(goTime('2024-05-01T10:20:30.123456+00:00')).toBe('2024-05-01T10:20:30.123456Z')
    expect(goTime('2024-05-01T10:20:30+00:00')).toBe('2024-05-01T10:20:30Z')
    expect(goTime('2024-05-01T12:20:30.5+02:00')).toBe('2024-05-01T10:20:30.5Z')
    expect(goTime(null)).toBeUndefined()
  })
})

describe('sortKeysDeep', () => {
  it('sorts object keys at every level and keeps array order', () => {
    const sorted = sortKeysDeep({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } })
    expect(JSON.stringify(sorted)).toBe('{"a":{"c":2,"d":[3,{"y":2,"z":1}]},"b":1}')
  })
})

describe('identityJson', () => {
  it('uses GoTrue field names and omits empty identity data', () => {
    const json = identityJson({
      id: 'identity-row',
      provider_id: 'user-1',
      user_id: 'user-1',
      identity_data: {},
      provider: 'email',
      last_sign_in_at: null,
      created_at: '2024-01-01T00:00:00+00:00',
      updated_at: '2024-01-01T00:00:00+00:00',
      email: null,
    })
    expect(json).toEqual({
      identity_id: 'identity-row',
      id: 'user-1',
      user_id: 'user-1',
      provider: 'email',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    })
  })
})
