import { describe, expect, it } from 'vitest'
import { jsonValue, kindOfTypeName, parseArrayLiteral } from './values.ts'
import type { ValueType } from './values.ts'

const of = (typname: string): ValueType => ({ kind: kindOfTypeName(typname) })
const array = (typname: string): ValueType => ({ kind: 'array', element: of(typname) })

describe('jsonValue, as to_jsonb renders values', () => {
  it('renders scalars', () => {
    expect(jsonValue(null, of('text'))).toBe('null')
    expect(jsonValue('t', of('bool'))).toBe('true')
    expect(jsonValue('f', of('bool'))).toBe('false')
    expect(jsonValue('9007199254740993', of('int8'))).toBe('9007199254740993')
    expect(jsonValue('1.50', of('numeric'))).toBe('1.50')
    expect(jsonValue('NaN', of('numeric'))).toBe('"NaN"')
    expect(jsonValue('Infinity', of('float8'))).toBe('"Infinity"')
    expect(jsonValue('1e+100', of('float8'))).toBe('1e+100')
    expect(jsonValue('{"a": [1, 2]}', of('jsonb'))).toBe('{"a": [1, 2]}')
    expect(jsonValue('say "hi"', of('text'))).toBe('"say \\"hi\\""')
    expect(jsonValue('\\x0102', of('bytea'))).toBe('"\\\\x0102"')
  })

  it('renders timestamps in ISO 8601', () => {
    expect(jsonValue('2024-01-02 03:04:05.123456', of('timestamp'))).toBe(
      '"2024-01-02T03:04:05.123456"'
    )
    expect(jsonValue('2024-01-02 03:04:05+00', of('timestamptz'))).toBe(
      '"2024-01-02T03:04:05+00:00"'
    )
    expect(jsonValue('2024-01-02 03:04:05.5+05:30', of('timestamptz'))).toBe(
      '"2024-01-02T03:04:05.5+05:30"'
    )
    expect(jsonValue('10:00:00-02', of('timetz'))).toBe('"10:00:00-02:00"')
    expect(jsonValue('2024-01-02', of('date'))).toBe('"2024-01-02"')
  })

  it('renders arrays as JSON arrays of their elements', () => {
    expect(jsonValue('{1,2,NULL}', array('int4'))).toBe('[1,2,null]')
    expect(jsonValue('{{1,2},{3,4}}', array('int4'))).toBe('[[1,2],[3,4]]')
    expect(jsonValue('{"a b","c\\"d",NULL,"NULL"}', array('text'))).toBe(
      '["a b","c\\"d",null,"NULL"]'
    )
    expect(jsonValue('{t,f}', array('bool'))).toBe('[true,false]')
    expect(jsonValue('{}', array('text'))).toBe('[]')
    expect(jsonValue('{"{\\"a\\": 1}"}', array('jsonb'))).toBe('[{"a": 1}]')
    expect(jsonValue('[0:1]={5,6}', array('int4'))).toBe('[5,6]')
  })

  it('keeps text that is not an array literal', () => {
    expect(parseArrayLiteral('{1,2')).toBeNull()
    expect(parseArrayLiteral('nope')).toBeNull()
    expect(jsonValue('{1,2', array('int4'))).toBe('"{1,2"')
  })
})
