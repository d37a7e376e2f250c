// The RLS matrix's cases for the Slack import: a workspace's imports are read by its owners only
// and written by nobody (start_import/cancel_import and the Edge Function do); the archives in the
// imports bucket are uploaded, read, replaced and removed by the owners of the workspace their
// folder names, as .zip files only; cancel_import is the owners'.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { makeStoredObject } from './world.ts'
import type { World } from './world.ts'

const importIn =
  (ws: (w: World) => string, status = 'done') =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.imports (workspace_id, started_by, source_path, status)
      values (${ws(world)}, ${world.people.owner.id}, ${`${ws(world)}/matrix.zip`}, ${status})
      returning id::text`
    return row!.id
  }

const archiveIn =
  (ws: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> =>
    makeStoredObject(
      sql,
      'imports',
      `${ws(world)}/${randomUUID()}.zip`,
      world.people.owner,
      'application/zip'
    )

const zipInto =
  (ws: (w: World) => string, name = `${randomUUID()}.zip`) =>
  ({ world }: MatrixContext, actor: { id: string } | null) => ({
    id: randomUUID(),
    bucket_id: 'imports',
    name: `${ws(world)}/${name}`,
    owner_id: actor?.id ?? null,
  })

const statusOf = async (sql: Sql | TransactionSql, id: string) =>
  (await sql<{ status: string }[]>`select status from public.imports where id = ${id}`)[0]?.status

// prettier-ignore
export const IMPORT_CASES: readonly MatrixCase[] = [
  { kind: 'row', table: 'public.imports', what: "the workspace's import", op: 'select', allowed: ['owner'], row: importIn((w) => w.ws) },
  { kind: 'row', table: 'public.imports', what: "another workspace's import (the outsider's)", op: 'select', allowed: ['outsider'], row: importIn((w) => w.ws2) },
  { kind: 'row', table: 'public.imports', what: 'a forged import', op: 'insert', allowed: [], values: ({ world }) => ({ id: randomUUID(), workspace_id: world.ws, source_path: `${world.ws}/x.zip` }) },
  { kind: 'row', table: 'public.imports', what: "an import's progress", op: 'update', allowed: [], row: importIn((w) => w.ws), patch: () => ({ messages_done: Math.floor(Math.random() * 100000) }) },
  { kind: 'row', table: 'public.imports', what: 'an import', op: 'delete', allowed: [], row: importIn((w) => w.ws) },
  { kind: 'row', table: 'storage.buckets', what: 'the imports bucket', op: 'select', allowed: ['owner', 'admin', 'member', 'guest', 'outsider'], row: async () => 'imports' },
  { kind: 'row', table: 'storage.objects', what: "an archive in the workspace's import folder", op: 'select', allowed: ['owner'], row: archiveIn((w) => w.ws) },
  { kind: 'row', table: 'storage.objects', what: "an archive into the workspace's import folder", op: 'insert', allowed: ['owner'], values: zipInto((w) => w.ws) },
  { kind: 'row', table: 'storage.objects', what: "an archive into another workspace's import folder", op: 'insert', allowed: ['outsider'], values: zipInto((w) => w.ws2) },
  { kind: 'row', table: 'storage.objects', what: 'a file that is not a .zip into the import folder', op: 'insert', allowed: [], values: zipInto((w) => w.ws, 'notes.txt') },
  { kind: 'row', table: 'storage.objects', what: 'an archive nested deeper in the import folder', op: 'insert', allowed: [], values: zipInto((w) => w.ws, 'sub/x.zip') },
  { kind: 'row', table: 'storage.objects', what: "an archive in the workspace's import folder (replace)", op: 'update', allowed: ['owner'], row: archiveIn((w) => w.ws), patch: () => ({ metadata: { size: Math.floor(Math.random() * 100000), mimetype: 'application/zip' } }), changed: (after, patch) => JSON.stringify(after.metadata) === JSON.stringify(patch.metadata) },
  { kind: 'row', table: 'storage.objects', what: "an archive in the workspace's import folder", op: 'delete', allowed: ['owner'], row: archiveIn((w) => w.ws) },
  { kind: 'call', table: 'public.cancel_import', what: "the workspace's running import cancelled", op: 'call', allowed: ['owner'], row: importIn((w) => w.ws, 'running'), args: (key: string) => ({ p_import: key }), done: async (sql, key) => (await statusOf(sql, key)) === 'cancelled' },
]
