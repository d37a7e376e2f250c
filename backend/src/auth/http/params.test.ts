import { describe, expect, it } from 'vitest'
import type { AuthError } from '../errors.ts'
import { readParams } from './params.ts'

const SPEC = {
  struct: 'TestParams',
  fields: { email: 'string', password: 'string?', data: 'object', flag: 'bool', create: 'bool?' },
} as const

function failure(raw: string): AuthError {
  try {
    readParams(raw, SPEC)
  } catch (error) {
    return error as AuthError
  }
  throw new Error('no error')
}

describe('readParams', () => {
  it('fills Go zero values and ignores unknown keys', () => {
    expect(readParams('{"other": 1}', SPEC)).toEqual({
      email: '',
      password: undefined,
      data: undefined,
      flag: false,
      create: undefined,
    })
  })

  it('treats null as absent and matches keys case-insensitively', () => {
    expect(readParams('{"EMAIL": "a@b.co", "password": null, "Flag": true}', SPEC)).toMatchObject({
      email: 'a@b.co',
      password: undefined,
      flag: true,
    })
    expect(readParams('null', SPEC).email).toBe('')
  })

  it('keeps an empty string pointer apart from an absent one', () => {
    expect(readParams('{"password": ""}', SPEC).password).toBe('')
  })

  it('reports syntax errors as bad_json', () => {
    for (const raw of ['', '{', '{"a":}', 'nope']) {
      const error = failure(raw)
      expect(error.status).toBe(400)
      expect(error.code).toBe('bad_json')
      expect(error.message).toMatch(/^Could not parse request body as JSON: /)
    }
    expect(failure('').message).toBe(
      'Could not parse request body as JSON: unexpected end of JSON input'
    )
  })

  it('refuses NUL characters anywhere, which Postgres cannot store', () => {
    for (const raw of [
      '{"email": "a\\u0000b"}',
      '{"data": {"k": ["\\u0000"]}}',
      '{"data": {"\\u0000": 1}}',
    ]) {
      const error = failure(raw)
      expect(error.status).toBe(400)
      expect(error.code).toBe('validation_failed')
    }
  })

  it('reports type errors as Go does', () => {
    expect(failure('[]').message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.TestParams'
    )
    expect(failure('{"email": 1}').message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field TestParams.email of type string'
    )
    expect(failure('{"data": [1]}').message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal array into Go struct field TestParams.data of type map[string]interface {}'
    )
    expect(failure('{"flag": "true"}').message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field TestParams.flag of type bool'
    )
  })
})
