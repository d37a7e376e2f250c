// imports: imports an archive (Slack's export, or Chorus's own; FORMAT.md) into a workspace,
// one time slice per call (hosted Edge Functions have a wall-clock limit), from the checkpoint in
// its public.imports row (see supabase/migrations/*_chorus_imports*.sql).
//
// POST {import_id}: called through pg_net by start_import(), by the slice before (it calls the
// next one when its time is up) and by the cron job for an import whose slice died, with the
// project's publishable key ([functions.imports] verify_jwt = false). The caller is trusted
// with nothing: a slice runs only for a queued or running import nobody else is working on (its
// claim), and does only what the archive says. Talks to the database as postgres through
// SUPABASE_DB_URL (hosted gives functions that variable too), to Storage and Auth with the
// service role. Answers 200 {status}; 409 when another slice has it; 404 for no such import; 400
// for a bad body; 405 for other methods. A refused archive or an error fails the import and
// undoes it (import_undo, which deletes the placeholders it made), with the reason in its row
// (in English, then its code and values: "… (too_many_entries {"count":…,"max":…})", codes.ts).
// The import makes no account and emails nobody (people.ts); removeInvited deletes only accounts
// that imports made before that (issue 49, item 1) and nobody used.
import { createClient } from 'npm:@supabase/supabase-js@2'
import postgres from 'npm:postgres@3'
import { failureText } from '../_shared/archive/codes.ts'
import type { FailureCode, Values } from '../_shared/archive/codes.ts'
import { ArchiveRefusal, openArchive } from '../_shared/archive/read.ts'
import { SourceError, storageSource } from '../_shared/archive/zip-source.ts'
import { closingUnread } from '../_shared/read-body.ts'
import { BATCH, runSlice } from './slice.ts'
import type { Checkpoint } from './slice.ts'

const SLICE_MS = 25_000
const MAX_ATTEMPTS = 20
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface ImportRecord {
  id: string
  workspace_id: string
  started_by: string | null
  source_path: string
  status: string
  attempts: number
  checkpoint: Checkpoint
}

let pool: { url: string; sql: ReturnType<typeof postgres> } | null = null

function db() {
  const url = Deno.env.get('SUPABASE_DB_URL') ?? ''
  if (pool?.url !== url) {
    void pool?.sql.end({ timeout: 1 })
    pool = {
      url,
      // Named after the function: our stack runs the sessions of background functions at a
      // lower CPU priority too (backend/src/functions/background.ts); elsewhere only a name.
      sql: postgres(url, {
        max: 2,
        idle_timeout: 5,
        prepare: false,
        onnotice: () => {},
        connection: { application_name: 'imports' },
      }),
    }
  }
  return pool.sql
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function adminClient() {
  return createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    { auth: { persistSession: false, autoRefreshToken: false } }
  )
}

/** Deletes the accounts a failed or cancelled import of an earlier version made that nobody used. */
async function removeInvited(sql: ReturnType<typeof db>, id: string) {
  const admin = adminClient()
  const invited = await sql<{ id: string }[]>`select private.import_invited(${id}) as id`
  for (const person of invited) await admin.auth.admin.deleteUser(person.id)
}

/** Fails the import and undoes it; its `error` says why in English with the code (codes.ts). */
async function fail(
  sql: ReturnType<typeof db>,
  id: string,
  code: FailureCode,
  reason: string,
  values: Values = {},
  report: unknown[] = []
) {
  await sql`select private.import_progress(${id}, ${JSON.parse(JSON.stringify(report))}::jsonb, null)`
  await sql`select private.import_undo(${id}, 'failed', ${failureText(code, values, reason)})`
  await removeInvited(sql, id)
}

async function slice(id: string): Promise<Response> {
  const sql = db()
  const [current] = await sql<ImportRecord[]>`select * from public.imports where id = ${id}`
  if (!current) return json(404, { error: 'No such import.' })
  if (current.status === 'failed' || current.status === 'cancelled') {
    await removeInvited(sql, id)
    return json(200, { status: current.status })
  }
  if (current.status === 'done') return json(200, { status: 'done' })
  const [claimed] = await sql<ImportRecord[]>`select * from private.import_claim(${id})`
  if (!claimed?.id) return json(409, { error: 'Another slice is working on this import.' })
  if (claimed.attempts > MAX_ATTEMPTS) {
    await fail(sql, id, 'import_interrupted', 'The import stopped unexpectedly too many times.')
    return json(200, { status: 'failed' })
  }
  const settings = Object.fromEntries(
    (
      await sql<{ name: string; value: string }[]>`select name, value from private.import_settings`
    ).map((setting) => [setting.name, setting.value])
  )
  const admin = adminClient()
  // The archive is read where it lies, by ranges (zip-source.ts): never whole in memory.
  let archive
  try {
    const source = await storageSource(
      `${Deno.env.get('SUPABASE_URL') ?? ''}/storage/v1`,
      Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
      'imports',
      claimed.source_path
    )
    archive = await openArchive(source)
  } catch (refusal) {
    if (refusal instanceof SourceError) {
      const reason = 'The archive could not be read from Storage; upload it again.'
      await fail(sql, id, 'archive_unreadable', reason)
      return json(200, { status: 'failed' })
    }
    if (!(refusal instanceof ArchiveRefusal)) throw refusal
    await fail(sql, id, refusal.code, refusal.message, refusal.values)
    return json(200, { status: 'failed' })
  }
  const outcome = await runSlice(sql, admin, claimed, archive, {
    deadline: Date.now() + SLICE_MS,
    maxBatches: settings.slice_batches ? Number(settings.slice_batches) : Infinity,
    batchSize: settings.batch_messages ? Number(settings.batch_messages) : BATCH,
  })
  if (outcome === 'more') await sql`select private.import_next(${id})`
  if (outcome === 'stopped') await removeInvited(sql, id)
  const [after] = await sql<
    { status: string }[]
  >`select status from public.imports where id = ${id}`
  return json(200, { status: after?.status })
}

// An answer that leaves the body unread (another method) closes the connection
// (_shared/read-body.ts), so the caller's next request does not wait behind it.
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response(JSON.stringify({ error: 'Use POST.' }), {
      status: 405,
      headers: { 'Content-Type': 'application/json', Allow: 'POST' },
    })
  }
  let id: unknown
  try {
    id = ((await request.json()) as { import_id?: unknown }).import_id
  } catch {
    return json(400, { error: 'The body must be JSON: {"import_id"}.' })
  }
  if (typeof id !== 'string' || !UUID.test(id)) {
    return json(400, { error: 'import_id must be an import id (a uuid).' })
  }
  try {
    return await slice(id.toLowerCase())
  } catch (error) {
    console.error('imports: the slice failed', error)
    try {
      const reason = 'The import failed unexpectedly; try again.'
      await fail(db(), id.toLowerCase(), 'import_failed', reason)
    } catch (undoError) {
      console.error('imports: could not undo the import', undoError)
    }
    return json(200, { status: 'failed' })
  }
}
