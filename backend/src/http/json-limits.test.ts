import { describe, expect, it } from 'vitest'
import { jsonNestingBeyond, MAX_JSON_DEPTH } from './json-limits.ts'

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n)

describe('jsonNestingBeyond', () => {
  it('lets MAX_JSON_DEPTH levels pass and names the first bracket beyond them', () => {
    expect(jsonNestingBeyond(nested(MAX_JSON_DEPTH))).toBeNull()
    expect(jsonNestingBeyond(nested(MAX_JSON_DEPTH + 1))).toEqual({
      char: '[',
      offset: MAX_JSON_DEPTH,
    })
    expect(jsonNestingBeyond('{"a":{"b":[1]}}', 2)).toEqual({ char: '[', offset: 10 })
  })

  it('counts depth, not brackets, and ignores brackets inside strings', () => {
    expect(jsonNestingBeyond('[[1],[2],[3]]', 2)).toBeNull()
    expect(jsonNestingBeyond('["[[[[", "\\"[[[", {"k]": "{{{"}]', 2)).toBeNull()
    expect(jsonNestingBeyond('["\\\\", [[1]]]', 2)).toEqual({ char: '[', offset: 8 })
  })
})
