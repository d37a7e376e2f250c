// list-v2 as Storage answers it (its ObjectStorage.listObjectsV2 over the database's
// listObjectsV2, search_v2, list_objects_with_delimiter and search_by_timestamp), in one query
// run as the caller, so row-level security decides which objects exist and a folder shows only
// when the caller sees an object in it.
//
// Without a delimiter: every object under the prefix, as {id, name, metadata, updated_at,
// created_at, last_accessed_at}, by name (collate "C"), or by the date (to the millisecond) then
// the name. With one: the entries directly under the prefix, each with `key`, its path segment at
// the prefix's level; a folder is an entry whose id, dates and metadata are null and whose name
// ends in "/" (sorting by a date gives a folder the earliest created_at of its objects, and it
// takes its place among the objects by it, as search_by_timestamp does). A page holds at most
// `limit` entries; a next page starts after the last one, named in the cursor.
import type { Sql, TransactionSql } from 'postgres'
import type { ListCursor } from './list-cursor.ts'
import { decodeListCursor, encodeListCursor } from './list-cursor.ts'

type Tx = TransactionSql | Sql

export interface ListV2Options {
  bucket: string
  prefix: string
  /** The request's cursor ('' or absent: the first page). */
  cursor?: string
  /** 1 to 1000. */
  limit: number
  delimiter: boolean
  sortBy?: { column?: string; order?: string }
}

type Row = Record<string, unknown> & { name: string; id: string | null }

export interface ListV2Result {
  hasNext: boolean
  nextCursor?: string
  nextCursorKey?: string
  folders: Row[]
  objects: Row[]
}

const DATE_COLUMNS = new Set(['updated_at', 'created_at'])

export async function listObjectsV2(tx: Tx, options: ListV2Options): Promise<ListV2Result> {
  const cursor: ListCursor | undefined = options.cursor
    ? decodeListCursor(options.cursor)
    : undefined
  const rawOrder = cursor?.sortOrder || options.sortBy?.order
  const rawColumn = cursor?.sortColumn || options.sortBy?.column
  const desc = (rawOrder ?? 'asc').toLowerCase() === 'desc'
  const column =
    rawColumn && DATE_COLUMNS.has(rawColumn.toLowerCase()) ? rawColumn.toLowerCase() : null
  const levels = options.prefix ? options.prefix.split('/').length : 1
  const params = [
    options.bucket,
    options.prefix,
    cursor?.startAfter ?? '',
    cursor?.sortColumnAfter ?? '',
    options.limit + 1,
    levels,
  ]
  const query = options.delimiter ? delimitedQuery(column, desc) : flatQuery(column, desc, cursor)
  // A query names only the parameters it uses (PostgreSQL cannot type one it never sees).
  const found = await tx
    .unsafe<Row[]>(
      query.sql,
      query.params.map((n) => params[n - 1]!)
    )
    .execute()
  const hasNext = found.length > options.limit
  const rows = found.slice(0, options.limit)
  const result: ListV2Result = { hasNext, folders: [], objects: [] }
  for (const row of rows) {
    if (row.id === null) {
      result.folders.push({ ...row, name: row.name.endsWith('/') ? row.name : `${row.name}/` })
    } else {
      result.objects.push({ ...row })
    }
  }
  const last = rows[rows.length - 1]
  if (hasNext && last) {
    const lastDate = rawColumn && rawColumn !== 'name' ? last[rawColumn] : undefined
    result.nextCursor = encodeListCursor({
      startAfter: last.name,
      sortOrder: rawOrder,
      sortColumn: rawColumn,
      sortColumnAfter: lastDate ? new Date(lastDate as Date).toISOString() : undefined,
    })
    result.nextCursorKey = last.name
  }
  // The field order of Storage's answer.
  return {
    hasNext: result.hasNext,
    nextCursor: result.nextCursor,
    nextCursorKey: result.nextCursorKey,
    folders: result.folders,
    objects: result.objects,
  }
}

// The parameters: $1 bucket, $2 prefix, $3 the cursor's name ('' for none), $4 its ISO time
// ('' for none), $5 the page size plus one, $6 the prefix's level. Column and direction are fixed
// text chosen above; every value is a parameter.
interface Query {
  sql: string
  /** Which of the six parameters, in order, are $1, $2, ... of `sql`. */
  params: number[]
}

function flatQuery(column: string | null, desc: boolean, cursor: ListCursor | undefined): Query {
  const direction = desc ? 'desc' : 'asc'
  const op = desc ? '<' : '>'
  let after = ''
  let params = [1, 2, 5]
  if (cursor?.startAfter) {
    const byDate = column && cursor.sortColumnAfter
    after = byDate
      ? `and (date_trunc('milliseconds', ${column}), name collate "C") ${op}
           (coalesce(nullif($5, '')::timestamptz, 'epoch'::timestamptz), $4::text collate "C")`
      : `and name collate "C" ${op} $4::text`
    params = byDate ? [1, 2, 5, 3, 4] : [1, 2, 5, 3]
  }
  const order = column
    ? `date_trunc('milliseconds', ${column}) ${direction}, name collate "C" ${direction}`
    : `name collate "C" ${direction}`
  const sql = `select id, name, metadata, updated_at, created_at, last_accessed_at
    from storage.objects
    where bucket_id = $1 and starts_with(name, $2) ${after}
    order by ${order}
    limit $3`
  return { sql, params }
}

function delimitedQuery(column: string | null, desc: boolean): Query {
  const direction = desc ? 'desc' : 'asc'
  const op = desc ? '<' : '>'
  // Sorting by name, a folder sits where its objects are ("a/" after "a.txt", before "a0"); the
  // cursor names a folder without its "/", so a name that some visible object continues with
  // "/" is that folder, as list_objects_with_delimiter decides.
  const byName = `$3 = '' or sort_key collate "C" ${op} (case when exists (
        select 1 from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $3 || '/')
      ) then $3 || '/' else $3 end) collate "C"`
  const byDate = `$3 = '' or (date_trunc('milliseconds', ${column}), name collate "C") ${op}
      (coalesce(nullif($4, '')::timestamptz, 'epoch'::timestamptz), $3::text collate "C")`
  const order = column
    ? `coalesce(date_trunc('milliseconds', ${column}), 'epoch'::timestamptz) ${direction},
       name collate "C" ${direction}`
    : `sort_key collate "C" ${direction}`
  const folderDate = column ? 'min(created_at)' : 'null::timestamptz'
  const sql = `with visible as (
      select name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata,
        strpos(substr(name, length($2) + 1), '/') as cut
      from storage.objects
      where bucket_id = $1 and starts_with(name, $2)
    ), combined as (
      select left(name, length($2) + cut - 1) as name, left(name, length($2) + cut) as sort_key,
        null::uuid as id, ${folderDate} as updated_at, ${folderDate} as created_at,
        null::timestamptz as last_accessed_at, null::jsonb as metadata, null::jsonb as user_metadata
      from visible where cut > 0
      group by 1, 2
      union all
      select name, name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata
      from visible where cut = 0
    )
    select split_part(name, '/', $6) as key, name, id, updated_at, created_at, last_accessed_at,
      metadata, user_metadata
    from combined
    where ${column ? byDate : byName}
    order by ${order}
    limit $5`
  if (column) return { sql, params: [1, 2, 3, 4, 5, 6] }
  // Sorting by name, the cursor's time ($4) is not used: the page size and level move up.
  return { sql: sql.replaceAll('$5', '$4').replaceAll('$6', '$5'), params: [1, 2, 3, 5, 6] }
}
