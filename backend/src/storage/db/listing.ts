// The two listings. list() calls storage.search, as Storage does, so an app's policies and the
// function's semantics are the platform's. list-v2 is one query here: objects under an S3-style
// prefix, grouped into folders at the next "/" when a delimiter is asked for, in a stable order
// whose last entry is the next page's cursor.
import type { Sql, TransactionSql } from 'postgres'
import { ERRORS } from '../errors.ts'
import type { ObjectMetadata } from './objects.ts'

type Tx = TransactionSql | Sql

export interface SearchOptions {
  bucket: string
  prefix: string
  limit: number
  offset: number
  search: string
  sortColumn: string
  sortOrder: string
}

export interface SearchRow {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

export async function searchObjects(tx: Tx, options: SearchOptions): Promise<SearchRow[]> {
  return tx<SearchRow[]>`
    select name, id, updated_at, created_at, last_accessed_at, metadata
    from storage.search(${options.prefix}, ${options.bucket}, ${options.limit}, 1,
      ${options.offset}, ${options.search}, ${options.sortColumn}, ${options.sortOrder})
  `.execute()
}

export interface ListV2Options {
  bucket: string
  prefix: string
  cursor: string | null
  limit: number
  delimiter: boolean
  sortColumn: 'name' | 'updated_at' | 'created_at'
  sortOrder: 'asc' | 'desc'
}

export interface ListV2Result {
  hasNext: boolean
  folders: { name: string; key: string }[]
  objects: {
    name: string
    key: string
    id: string
    updated_at: Date
    created_at: Date
    last_accessed_at: Date
    metadata: ObjectMetadata | null
  }[]
  nextCursor?: string
}

interface Cursor {
  /** 0 for folders (and everything when sorting by name), 1 for objects sorted by a date. */
  r: number
  /** The date sorted by, as ISO text, or null. */
  v: string | null
  k: string
}

interface EntryRow {
  key: string
  is_folder: boolean
  rank: number
  sort_value: Date | null
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

export async function listObjectsV2(tx: Tx, options: ListV2Options): Promise<ListV2Result> {
  const cursor = options.cursor === null ? null : decodeCursor(options.cursor)
  const byName = options.sortColumn === 'name'
  const desc = options.sortOrder === 'desc'
  // The comparisons and directions are fixed text chosen here; every value is a parameter.
  const after = desc
    ? `(rank > $5 or (rank = $5 and (coalesce(sort_value, '-infinity'), key collate "C") < (coalesce($6::timestamptz, '-infinity'), $7::text collate "C")))`
    : `(rank > $5 or (rank = $5 and (coalesce(sort_value, '-infinity'), key collate "C") > (coalesce($6::timestamptz, '-infinity'), $7::text collate "C")))`
  const direction = desc ? 'desc' : 'asc'
  const rows = await tx
    .unsafe<EntryRow[]>(
      `with entries as (
       select
         case when $3 and strpos(substr(name, length($2) + 1), '/') > 0
           then $2 || split_part(substr(name, length($2) + 1), '/', 1) || '/' else name end as key,
         ($3 and strpos(substr(name, length($2) + 1), '/') > 0) as is_folder,
         id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects
       where bucket_id = $1 and name collate "C" >= $2 and starts_with(name, $2)
     ), grouped as (
       select distinct on (key) key, is_folder,
         case when is_folder then null else id end as id,
         case when is_folder then null else updated_at end as updated_at,
         case when is_folder then null else created_at end as created_at,
         case when is_folder then null else last_accessed_at end as last_accessed_at,
         case when is_folder then null else metadata end as metadata
       from entries order by key
     ), ranked as (
       select *,
         case when $4 = 'name' or is_folder then 0 else 1 end as rank,
         case when $4 = 'name' or is_folder then null
              when $4 = 'created_at' then created_at else updated_at end as sort_value
       from grouped
     )
     select * from ranked
     where $5::int is null or ${after}
     order by rank asc, coalesce(sort_value, '-infinity') ${direction}, key collate "C" ${direction}
     limit $8`,
      [
        options.bucket,
        options.prefix,
        options.delimiter,
        byName ? 'name' : options.sortColumn,
        cursor?.r ?? null,
        cursor?.v ?? null,
        cursor?.k ?? '',
        options.limit + 1,
      ]
    )
    .execute()
  const page = rows.slice(0, options.limit)
  const result: ListV2Result = { hasNext: rows.length > options.limit, folders: [], objects: [] }
  // As Storage answers: names are full paths from the bucket root; a folder's name keeps its
  // trailing "/" and its key is the same path without it.
  for (const row of page) {
    if (row.is_folder) {
      result.folders.push({ name: row.key, key: row.key.replace(/\/$/, '') })
    } else {
      result.objects.push({
        name: row.key,
        key: row.key,
        id: row.id!,
        updated_at: row.updated_at!,
        created_at: row.created_at!,
        last_accessed_at: row.last_accessed_at!,
        metadata: row.metadata,
      })
    }
  }
  const last = page[page.length - 1]
  if (result.hasNext && last) {
    result.nextCursor = encodeCursor({
      r: last.rank,
      v: last.sort_value ? last.sort_value.toISOString() : null,
      k: last.key,
    })
  }
  return result
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url')
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor
    if (
      typeof value.r === 'number' &&
      typeof value.k === 'string' &&
      (value.v === null || typeof value.v === 'string')
    ) {
      return value
    }
  } catch {
    // refused below
  }
  throw ERRORS.validation('body/cursor is not a valid cursor')
}
