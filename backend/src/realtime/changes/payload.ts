// The `data` of a postgres_changes message, as the real server builds it: schema, table,
// commit_timestamp, type, the columns the role may select (with their type names), `record`
// for inserts and updates, `old_record` for updates and deletes (the replica identity's
// columns, or the full old row with REPLICA IDENTITY FULL; only the primary key for deletes on
// tables with RLS), and `errors`. Values are rendered once per change and shared by every role.
import type { Cell, Relation } from './pgoutput.ts'
import type { TableInfo } from './tables.ts'
import { jsonValue } from './values.ts'

export type ChangeAction = 'INSERT' | 'UPDATE' | 'DELETE'

export interface Change {
  relation: Relation
  action: ChangeAction
  newTuple: Cell[] | null
  oldTuple: Cell[] | null
  oldKind: 'K' | 'O' | null
  /** Commit time, milliseconds since the epoch. */
  commitTime: number
  /** The writing transaction's id (32 bits). */
  xid: number
}

/** Records over this size keep only their small fields (the real server's max_record_bytes). */
export const MAX_RECORD_BYTES = 1024 * 1024
const SMALL_FIELD_BYTES = 64

export const ERRORS = {
  tooLarge: 'Error 413: Payload Too Large',
  noPrimaryKey: 'Error 400: Bad Request, no primary key',
  unauthorized: 'Error 401: Unauthorized',
} as const

type Fields = [name: string, json: string][]

/** The values of one change, rendered once; `data()` then picks columns per role. */
export class ChangePayload {
  private record: Fields | null = null
  private oldRecord: Fields | null = null
  private readonly tooLarge: boolean
  private readonly timestamp: string

  constructor(
    readonly change: Change,
    private readonly table: TableInfo
  ) {
    this.timestamp = new Date(change.commitTime).toISOString()
    let bytes = 0
    for (const cell of change.newTuple ?? []) if (typeof cell === 'string') bytes += cell.length
    for (const cell of change.oldTuple ?? []) if (typeof cell === 'string') bytes += cell.length
    this.tooLarge = bytes > MAX_RECORD_BYTES
  }

  /** Values of the new row: unchanged TOAST values come from the old row when it was sent. */
  newFields(): Fields {
    if (this.record) return this.record
    const { relation, newTuple, oldTuple, oldKind } = this.change
    const fields: Fields = []
    relation.columns.forEach((column, i) => {
      let cell = newTuple?.[i]
      if (cell === undefined && oldKind === 'O') cell = oldTuple?.[i]
      if (cell === undefined) return
      fields.push([column.name, this.render(column.name, cell)])
    })
    return (this.record = fields)
  }

  /** Values of the old row: what the replica identity sent, or the identity of the new row. */
  oldFields(): Fields {
    if (this.oldRecord) return this.oldRecord
    const { relation, newTuple, oldTuple, oldKind, action } = this.change
    const fields: Fields = []
    const source = oldTuple ?? (action === 'UPDATE' ? newTuple : null)
    const keyOnly = oldKind !== 'O'
    relation.columns.forEach((column, i) => {
      if (keyOnly && !column.key) return
      const cell = source?.[i]
      if (cell === undefined) return
      fields.push([column.name, this.render(column.name, cell)])
    })
    return (this.oldRecord = fields)
  }

  private render(name: string, cell: string | null): string {
    const column = this.table.byName.get(name)
    return jsonValue(cell, column?.valueType ?? { kind: 'string' })
  }

  /** The data as JSON text for subscribers seeing `visible` columns (and only `select`, if set). */
  data(visible: ReadonlySet<string>, select: ReadonlySet<string> | null): string {
    const { action } = this.change
    const table = this.table
    const shown = (name: string) =>
      visible.has(name) && (select === null || select.has(name) || table.primaryKey.includes(name))
    const columns = table.columns
      .filter((c) => shown(c.name))
      .map((c) => `{"name":${JSON.stringify(c.name)},"type":${JSON.stringify(c.typname)}}`)
    let json =
      `{"schema":${JSON.stringify(table.schema)},"table":${JSON.stringify(table.table)},` +
      `"commit_timestamp":"${this.timestamp}","type":"${action}","columns":[${columns.join(',')}]`
    if (action !== 'DELETE') json += `,"record":${this.object(this.newFields(), shown)}`
    if (action !== 'INSERT') {
      const deleteKeyOnly = action === 'DELETE' && table.rls
      const oldShown = deleteKeyOnly
        ? (name: string) => shown(name) && table.primaryKey.includes(name)
        : shown
      json += `,"old_record":${this.object(this.oldFields(), oldShown)}`
    }
    json += `,"errors":${this.tooLarge ? JSON.stringify([ERRORS.tooLarge]) : 'null'}}`
    return json
  }

  /** The data of a change that cannot be sent, with the reason in `errors`. */
  errorData(error: string): string {
    const { action } = this.change
    let json =
      `{"schema":${JSON.stringify(this.table.schema)},"table":${JSON.stringify(this.table.table)},` +
      `"commit_timestamp":null,"type":"${action}","columns":null`
    if (action !== 'DELETE') json += ',"record":null'
    if (action !== 'INSERT') json += ',"old_record":null'
    return `${json},"errors":${JSON.stringify([error])}}`
  }

  private object(fields: Fields, shown: (name: string) => boolean): string {
    const parts: string[] = []
    for (const [name, value] of fields) {
      if (!shown(name)) continue
      if (this.tooLarge && Buffer.byteLength(value) > SMALL_FIELD_BYTES) continue
      parts.push(`${JSON.stringify(name)}:${value}`)
    }
    return `{${parts.join(',')}}`
  }

  /** The primary key values of the row the RLS check looks up (the new row's). */
  primaryKey(): string[] | null {
    const { relation, newTuple } = this.change
    const values: string[] = []
    for (const name of this.table.primaryKey) {
      const index = relation.columns.findIndex((c) => c.name === name)
      const cell = index >= 0 ? newTuple?.[index] : undefined
      if (typeof cell !== 'string') return null
      values.push(cell)
    }
    return values
  }

  /** The cell filters are evaluated on: the new row, or the old one for deletes. */
  cell(name: string): string | null | undefined {
    const { relation, action, newTuple, oldTuple, oldKind } = this.change
    const index = relation.columns.findIndex((c) => c.name === name)
    if (index < 0) return undefined
    if (action === 'DELETE') {
      const column = relation.columns[index]
      if (oldKind !== 'O' && !column?.key) return undefined
      return oldTuple?.[index]
    }
    const cell = newTuple?.[index]
    return cell === undefined && oldKind === 'O' ? oldTuple?.[index] : cell
  }
}
