import { describe, expect, it } from 'vitest'
import { ChangePayload, MAX_RECORD_BYTES } from './payload.ts'
import type { Change } from './payload.ts'
import type { Relation } from './pgoutput.ts'
import { columnInfo } from './tables.ts'
import type { TableInfo } from './tables.ts'

const relation: Relation = {
  relid: 1,
  schema: 'public',
  table: 'todos',
  replicaIdentity: 'd',
  columns: [
    { name: 'id', typeOid: 20, typmod: -1, key: true },
    { name: 'title', typeOid: 25, typmod: -1, key: false },
    { name: 'done', typeOid: 16, typmod: -1, key: false },
    { name: 'secret', typeOid: 25, typmod: -1, key: false },
  ],
}

function table(rls: boolean): TableInfo {
  const columns = [
    ['id', 'int8'],
    ['title', 'text'],
    ['done', 'bool'],
    ['secret', 'text'],
  ].map(([name, type]) =>
    columnInfo({
      name: name!,
      typname: type!,
      sql_type: `pg_catalog.${type}`,
      base: type!,
      category: '',
      element: null,
    })
  )
  return {
    relid: 1,
    schema: 'public',
    table: 'todos',
    rls,
    primaryKey: ['id'],
    columns,
    byName: new Map(columns.map((c) => [c.name, c])),
  }
}

const all = new Set(['id', 'title', 'done', 'secret'])
const noSecret = new Set(['id', 'title', 'done'])
const at = Date.UTC(2025, 10, 19, 0, 22, 40, 877)

function change(partial: Partial<Change>): Change {
  return {
    relation,
    action: 'INSERT',
    newTuple: null,
    oldTuple: null,
    oldKind: null,
    commitTime: at,
    xid: 1,
    ...partial,
  }
}

describe('ChangePayload', () => {
  it('renders an insert for a role, without the columns it may not select', () => {
    const payload = new ChangePayload(change({ newTuple: ['46', 'x', 't', 's'] }), table(true))
    expect(JSON.parse(payload.data(noSecret, null))).toEqual({
      schema: 'public',
      table: 'todos',
      commit_timestamp: '2025-11-19T00:22:40.877Z',
      type: 'INSERT',
      columns: [
        { name: 'id', type: 'int8' },
        { name: 'title', type: 'text' },
        { name: 'done', type: 'bool' },
      ],
      record: { id: 46, title: 'x', done: true },
      errors: null,
    })
  })

  it('gives updates the identity of the new row as old record, and fills unchanged TOAST from a full old row', () => {
    const update = new ChangePayload(
      change({ action: 'UPDATE', newTuple: ['46', 'y', 'f', undefined] }),
      table(true)
    )
    const data = JSON.parse(update.data(all, null))
    expect(data.record).toEqual({ id: 46, title: 'y', done: false })
    expect(data.old_record).toEqual({ id: 46 })

    const full = new ChangePayload(
      change({
        action: 'UPDATE',
        oldKind: 'O',
        oldTuple: ['46', 'x', 't', 'big'],
        newTuple: ['46', 'y', 't', undefined],
      }),
      table(false)
    )
    const fullData = JSON.parse(full.data(all, null))
    expect(fullData.record).toEqual({ id: 46, title: 'y', done: true, secret: 'big' })
    expect(fullData.old_record).toEqual({ id: 46, title: 'x', done: true, secret: 'big' })
  })

  it('cuts deletes to the primary key when the table has RLS', () => {
    const oldTuple = ['46', 'x', 't', 's']
    const withRls = new ChangePayload(
      change({ action: 'DELETE', oldKind: 'O', oldTuple }),
      table(true)
    )
    const data = JSON.parse(withRls.data(all, null))
    expect(data.old_record).toEqual({ id: 46 })
    expect('record' in data).toBe(false)
    const withoutRls = new ChangePayload(
      change({ action: 'DELETE', oldKind: 'O', oldTuple }),
      table(false)
    )
    expect(JSON.parse(withoutRls.data(noSecret, null)).old_record).toEqual({
      id: 46,
      title: 'x',
      done: true,
    })
  })

  it('keeps the selected columns plus the primary key', () => {
    const payload = new ChangePayload(change({ newTuple: ['46', 'x', 't', 's'] }), table(false))
    const data = JSON.parse(payload.data(all, new Set(['title'])))
    expect(data.record).toEqual({ id: 46, title: 'x' })
    expect(data.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'title'])
  })

  it('keeps only small fields of oversized records, with Error 413', () => {
    const big = 'x'.repeat(MAX_RECORD_BYTES + 1)
    const data = JSON.parse(
      new ChangePayload(change({ newTuple: ['46', big, 't', 's'] }), table(false)).data(all, null)
    )
    expect(data.record).toEqual({ id: 46, done: true, secret: 's' })
    expect(data.errors).toEqual(['Error 413: Payload Too Large'])
  })

  it('renders error payloads without data', () => {
    const payload = new ChangePayload(
      change({ action: 'UPDATE', newTuple: ['1', 'a', 't', 's'] }),
      table(true)
    )
    expect(JSON.parse(payload.errorData('Error 401: Unauthorized'))).toEqual({
      schema: 'public',
      table: 'todos',
      commit_timestamp: null,
      type: 'UPDATE',
      columns: null,
      record: null,
      old_record: null,
      errors: ['Error 401: Unauthorized'],
    })
  })

  it('reads filter cells from the new row, and from the identity for deletes', () => {
    const insert = new ChangePayload(change({ newTuple: ['46', 'x', null, 's'] }), table(false))
    expect([insert.cell('title'), insert.cell('done'), insert.cell('nope')]).toEqual([
      'x',
      null,
      undefined,
    ])
    const del = new ChangePayload(
      change({ action: 'DELETE', oldKind: 'K', oldTuple: ['46', null, null, null] }),
      table(false)
    )
    expect([del.cell('id'), del.cell('title')]).toEqual(['46', undefined])
  })
})
