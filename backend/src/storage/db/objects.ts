// SQL on storage.objects. Each function runs in the transaction it is given: the caller's scope
// for reads and permission checks, the service scope for Storage's own bookkeeping writes.
import type { JSONValue, Sql, TransactionSql } from 'postgres'

type Tx = TransactionSql | Sql

/** storage.objects.metadata as Storage writes it (what list() and info() show). */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
  contentEncoding?: string
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

const COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`

export async function findObject(
  tx: Tx,
  bucket: string,
  name: string,
  options: { forUpdate?: boolean } = {}
): Promise<ObjectRow | null> {
  const lock = options.forUpdate ? 'for update' : ''
  const rows = await tx
    .unsafe<ObjectRow[]>(
      `select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2 ${lock}`,
      [bucket, name]
    )
    .execute()
  return rows[0] ?? null
}

/** Serialises writers of one key for the rest of the transaction (pg_advisory_xact_lock). */
export async function lockObject(tx: Tx, bucket: string, name: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`${bucket}/${name}`}, 0))`.execute()
}

export interface NewObject {
  id: string
  bucket: string
  name: string
  owner: string | null
  ownerId: string | null
  version: string
  metadata: ObjectMetadata | null
  userMetadata: Record<string, unknown> | null
}

export async function insertObject(tx: Tx, object: NewObject): Promise<void> {
  await tx`
    insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values (${object.id}, ${object.bucket}, ${object.name}, ${object.owner}, ${object.ownerId},
            ${object.version}, ${json(tx, object.metadata)}::jsonb, ${json(tx, object.userMetadata)}::jsonb)
  `.execute()
}

/** Insert, or update the existing row of the key: what an upsert upload needs permission for. */
export async function upsertObject(tx: Tx, object: NewObject): Promise<void> {
  await tx`
    insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values (${object.id}, ${object.bucket}, ${object.name}, ${object.owner}, ${object.ownerId},
            ${object.version}, ${json(tx, object.metadata)}::jsonb, ${json(tx, object.userMetadata)}::jsonb)
    on conflict (bucket_id, name) do update set
      owner = excluded.owner,
      owner_id = excluded.owner_id,
      version = excluded.version,
      metadata = excluded.metadata,
      user_metadata = excluded.user_metadata,
      updated_at = now(),
      last_accessed_at = now()
  `.execute()
}

export interface Written {
  id: string
  /** A row for the key existed and was overwritten (its version is `previous`). */
  replaced: boolean
  previous: string | null
}

/**
 * Storage's bookkeeping write of an upload in one statement: inserts the row, or with `upsert`
 * overwrites the key's row (keeping its id); without `upsert` an existing key returns null.
 * Says which version it replaced, so the file of that version can go.
 */
export async function writeObject(
  tx: Tx,
  object: NewObject,
  upsert: boolean
): Promise<Written | null> {
  const [row] = await tx<{ id: string | null; replaced: boolean; previous: string | null }[]>`
    with previous as (
      select version from storage.objects where bucket_id = ${object.bucket} and name = ${object.name}
    ), written as (
      insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
      values (${object.id}, ${object.bucket}, ${object.name}, ${object.owner}, ${object.ownerId},
              ${object.version}, ${json(tx, object.metadata)}::jsonb, ${json(tx, object.userMetadata)}::jsonb)
      on conflict (bucket_id, name) do update set
        owner = excluded.owner,
        owner_id = excluded.owner_id,
        version = excluded.version,
        metadata = excluded.metadata,
        user_metadata = excluded.user_metadata,
        updated_at = now(),
        last_accessed_at = now()
      where ${upsert}::boolean
      returning id
    )
    select (select id from written) as id,
           exists (select 1 from previous) as replaced,
           (select version from previous) as previous
  `.execute()
  if (!row?.id) return null
  return { id: row.id, replaced: row.replaced, previous: row.previous }
}

/** Points an existing row at a new version (an overwrite). */
export async function replaceObject(tx: Tx, id: string, object: NewObject): Promise<void> {
  await tx`
    update storage.objects set
      owner = ${object.owner}, owner_id = ${object.ownerId}, version = ${object.version},
      metadata = ${json(tx, object.metadata)}::jsonb, user_metadata = ${json(tx, object.userMetadata)}::jsonb,
      updated_at = now(), last_accessed_at = now()
    where id = ${id}
  `.execute()
}

/** Renames (and possibly re-buckets) a row; returns how many rows the transaction could update. */
export async function moveObject(
  tx: Tx,
  id: string,
  to: {
    bucket: string
    name: string
    version: string
    owner: string | null
    ownerId: string | null
  }
): Promise<number> {
  const result = await tx`
    update storage.objects set
      bucket_id = ${to.bucket}, name = ${to.name}, version = ${to.version},
      owner = ${to.owner}, owner_id = ${to.ownerId}, updated_at = now(), last_accessed_at = now()
    where id = ${id}
  `.execute()
  return result.count
}

/** Deletes the named objects the transaction may delete; returns the deleted rows. */
export async function deleteObjects(tx: Tx, bucket: string, names: string[]): Promise<ObjectRow[]> {
  return tx
    .unsafe<ObjectRow[]>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`,
      [bucket, names]
    )
    .execute()
}

/** The names among `names` that exist and the transaction may read. */
export async function visibleNames(tx: Tx, bucket: string, names: string[]): Promise<Set<string>> {
  const rows = await tx<{ name: string }[]>`
    select name from storage.objects where bucket_id = ${bucket} and name = any(${names}::text[])
  `.execute()
  return new Set(rows.map((r) => r.name))
}

export async function countObjects(tx: Tx, bucket: string): Promise<number> {
  const [row] = await tx<{ count: number }[]>`
    select count(*)::int as count from (select 1 from storage.objects where bucket_id = ${bucket} limit 1) o
  `.execute()
  return row?.count ?? 0
}

/** Of the given versions of a bucket, those some row still references. */
export async function referencedVersions(
  tx: Tx,
  bucket: string,
  versions: string[]
): Promise<Set<string>> {
  const rows = await tx<{ version: string }[]>`
    select version from storage.objects where bucket_id = ${bucket} and version = any(${versions}::text[])
  `.execute()
  return new Set(rows.map((r) => r.version))
}

/** The rows referencing a version, whatever their bucket (recovery of uploads at start). */
export async function findByVersion(
  tx: Tx,
  version: string
): Promise<{ bucket_id: string; name: string } | null> {
  const rows = await tx<{ bucket_id: string; name: string }[]>`
    select bucket_id, name from storage.objects where version = ${version} limit 1
  `.execute()
  return rows[0] ?? null
}

/**
 * A jsonb parameter (SQL NULL for null). postgres.js serialises it; a string serialised here
 * would be stored as a JSON string.
 */
function json(tx: Tx, value: object | null): ReturnType<Tx['json']> | null {
  return value === null ? null : tx.json(value as JSONValue)
}
