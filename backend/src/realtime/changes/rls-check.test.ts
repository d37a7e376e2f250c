import { describe, expect, it } from 'vitest'
import { arrayLiteral, buildCheck, checkStatement } from './rls-check.ts'
import { columnInfo } from './tables.ts'
import type { TableInfo } from './tables.ts'

function table(primaryKey: string[]): TableInfo {
  const columns = [
    columnInfo({
      name: 'id',
      typname: 'int8',
      sql_type: 'pg_catalog.int8',
      base: 'int8',
      category: 'N',
      element: null,
    }),
    columnInfo({
      name: 'room "x"',
      typname: 'text',
      sql_type: 'pg_catalog.text',
      base: 'text',
      category: 'S',
      element: null,
    }),
  ]
  return {
    relid: 1,
    schema: 'public',
    table: 'my table',
    rls: true,
    primaryKey,
    columns,
    byName: new Map(columns.map((c) => [c.name, c])),
  }
}

describe('checkStatement', () => {
  it('looks rows up by their typed keys, identifiers quoted', () => {
    expect(checkStatement(table(['id', 'room "x"']))).toBe(
      `select k.i::int from unnest(current_setting('realtime_local.k0')::pg_catalog.int8[], ` +
        `current_setting('realtime_local.k1')::pg_catalog.text[]) with ordinality as k(c0, c1, i) ` +
        `where exists (select 1 from "public"."my table" as t where t."id" = k.c0 and t."room ""x""" = k.c1)`
    )
  })
})

describe('arrayLiteral', () => {
  it('quotes every value', () => {
    expect(arrayLiteral(['1', 'a,b', 'say "hi"', 'back\\slash', ''])).toBe(
      '{"1","a,b","say \\"hi\\"","back\\\\slash",""}'
    )
  })
})

describe('buildCheck', () => {
  it('sorts groups by role, shares key sets and maps positions back', () => {
    const keys = new Map([
      [3, ['10']],
      [5, ['11']],
    ])
    const call = buildCheck(
      table(['id']),
      keys,
      [
        { role: 'authenticated', claimsJson: '{"sub":"a"}', sub: 'a', rows: [3, 5] },
        { role: 'anon', claimsJson: '{}', sub: null, rows: [5] },
        { role: 'authenticated', claimsJson: '{"sub":"b"}', sub: 'b', rows: [3, 5] },
      ],
      [7, 7, 8]
    )
    expect(call.xids).toEqual([7, 8])
    expect(call.roles).toEqual(['anon', 'authenticated', 'authenticated'])
    expect(call.order).toEqual([1, 0, 2])
    expect(call.subs).toEqual(['', 'a', 'b'])
    expect(call.sets).toEqual([0, 1, 1])
    expect(call.keySets).toEqual(['{"11"}', '{"10","11"}'])
    expect(call.positions).toEqual([[5], [3, 5]])
  })
})
