// list() calls storage.search, as Storage does, so an app's policies and the function's semantics
// are the platform's. (list-v2 is in list-v2.ts.)
import type { Sql, TransactionSql } from 'postgres'
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
