// SQL on storage.buckets. Every statement takes the transaction it runs in, so the caller's scope
// (and its row-level security) decides what it may see and change. No RETURNING on writes done
// as the caller: that would add SELECT policies to what an insert or delete needs.
import type { Sql, TransactionSql } from 'postgres'

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  avif_autodetection: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  type: string
  created_at: Date
  updated_at: Date
}

/**
 * What GET /bucket/{id} returns: the columns Storage's route selects, and no others (not
 * owner_id, not type).
 */
export function bucketJson(row: BucketRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    public: row.public,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file_size_limit: row.file_size_limit,
    allowed_mime_types: row.allowed_mime_types,
  }
}

/** What GET /bucket lists for each bucket: the same columns and the bucket's type. */
export function listedBucketJson(row: BucketRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    public: row.public,
    owner: row.owner,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file_size_limit: row.file_size_limit,
    allowed_mime_types: row.allowed_mime_types,
    type: row.type,
  }
}

type Tx = TransactionSql | Sql

const COLUMNS = `id, name, owner, owner_id, coalesce(public, false) as public,
  coalesce(avif_autodetection, false) as avif_autodetection, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, type::text as type, created_at, updated_at`

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | null> {
  const rows = await tx
    .unsafe<BucketRow[]>(`select ${COLUMNS} from storage.buckets where id = $1`, [id])
    .execute()
  return rows[0] ?? null
}

export interface ListBucketsOptions {
  limit: number | null
  offset: number
  search: string
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at'
  sortOrder: 'asc' | 'desc'
}

export async function listBuckets(tx: Tx, options: ListBucketsOptions): Promise<BucketRow[]> {
  // The sort column and order come from fixed lists, never from the request text.
  const order = `${options.sortColumn} ${options.sortOrder === 'desc' ? 'desc' : 'asc'}, id asc`
  return tx
    .unsafe<BucketRow[]>(
      `select ${COLUMNS} from storage.buckets
     where ($1 = '' or name ilike '%' || $1 || '%')
     order by ${order}
     limit $2 offset $3`,
      [escapeLike(options.search), options.limit ?? null, options.offset]
    )
    .execute()
}

export interface NewBucket {
  id: string
  name: string
  owner: string | null
  ownerId: string | null
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
  type: string
}

export async function insertBucket(tx: Tx, bucket: NewBucket): Promise<void> {
  await tx`
    insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
    values (${bucket.id}, ${bucket.name}, ${bucket.owner}, ${bucket.ownerId}, ${bucket.public},
            ${bucket.fileSizeLimit}, ${bucket.allowedMimeTypes}::text[], ${bucket.type}::storage.buckettype)
  `.execute()
}

export interface BucketChanges {
  public?: boolean
  fileSizeLimit?: number | null
  allowedMimeTypes?: string[] | null
}

/** Applies the given changes; returns how many rows the caller could update. */
export async function updateBucket(tx: Tx, id: string, changes: BucketChanges): Promise<number> {
  const result = await tx`
    update storage.buckets set
      public = case when ${changes.public !== undefined} then ${changes.public ?? null}::boolean else public end,
      file_size_limit = case when ${changes.fileSizeLimit !== undefined}
        then ${changes.fileSizeLimit ?? null}::bigint else file_size_limit end,
      allowed_mime_types = case when ${changes.allowedMimeTypes !== undefined}
        then ${changes.allowedMimeTypes ?? null}::text[] else allowed_mime_types end,
      updated_at = now()
    where id = ${id}
  `.execute()
  return result.count
}

export async function deleteBucket(tx: Tx, id: string): Promise<number> {
  const result = await tx`delete from storage.buckets where id = ${id}`.execute()
  return result.count
}

/** Creates or updates a bucket declared in config.toml. */
export async function upsertConfigBucket(
  tx: Tx,
  id: string,
  settings: { public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null }
): Promise<void> {
  await tx`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values (${id}, ${id}, ${settings.public}, ${settings.fileSizeLimit}, ${settings.allowedMimeTypes}::text[])
    on conflict (id) do update set
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types,
      updated_at = now()
  `.execute()
}

/** Escapes LIKE's wildcards so a search text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
