// exports: builds an export that request_export() queued (migrations/*_chorus_exports.sql) as a zip
// in the format of _shared/archive/FORMAT.md, in the private bucket `exports`. POST {"export_id":
// uuid}, called through pg_net with the project's publishable key ([functions.exports] verify_jwt =
// false). The caller is trusted with nothing but the id: the export must be queued (claim_export
// takes it once, as the service role), so calling it again builds nothing. It reads in one
// read-only repeatable-read transaction through SUPABASE_DB_URL (one consistent moment): a
// workspace export what its scope says (the row's `scope`, fixed when it was asked for: 'public',
// public channels only, Slack's standard export; 'all', private channels and DMs too, when the
// workspace's owners allow it) and the workspace's custom emoji (emoji.ts); a personal export as
// the person (role `authenticated` with their claims: row-level security decides what it can see)
// and only their own rows (read.ts). The zip streams as it is made (write.ts) into one upload to
// Storage at <workspace id>/<export id>.zip, each file's bytes streaming from Storage in turn; then
// finish_export marks the row done (with its size; it expires in seven days). Any failure marks it
// failed (fail_export) and removes what was stored. Answers 200 {export_id, status, size?}; 400 for
// a body without a uuid export_id; 405 for another method; 503 {error} when the export failed.
import postgres from 'npm:postgres@3'
import type { TransactionSql } from 'npm:postgres@3'
import { CodedError, failureOf } from '../_shared/archive/codes.ts'
import { ArchiveWriter } from '../_shared/archive/write.ts'
import {
  chorusManifest,
  conversationFile,
  dayOf,
  filePath,
  folderOf,
  slackConversation,
  slackMessage,
  slackUser,
} from '../_shared/archive/write-slack.ts'
import { filesOf, messagesOf, readConversations, readPeople, readPersonalExtras } from './read.ts'
import { closingUnread } from '../_shared/read-body.ts'
import { writeEmoji } from './emoji.ts'

interface ExportRow {
  id: string
  workspace_id: string
  requested_by: string
  kind: 'workspace' | 'personal'
  storage_path: string
  /** null: asked for before exports had a scope. */
  scope: 'public' | 'all' | 'own' | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CONVERSATION_FILES = ['channels.json', 'groups.json', 'dms.json', 'mpims.json'] as const

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

let pool: { url: string; sql: ReturnType<typeof postgres> } | null = null

function db() {
  const url = Deno.env.get('SUPABASE_DB_URL') ?? ''
  if (pool?.url !== url) {
    void pool?.sql.end({ timeout: 1 })
    // Named after the function: our stack runs the sessions of background functions at a lower
    // CPU priority too (backend/src/functions/background.ts); elsewhere it is only a name.
    const options = {
      max: 3,
      idle_timeout: 5,
      prepare: false,
      onnotice: () => {},
      connection: { application_name: 'exports' },
    }
    pool = { url, sql: postgres(url, options) }
  }
  return pool.sql
}

const storageUrl = (bucket: string, path: string) =>
  `${(Deno.env.get('SUPABASE_URL') ?? '').replace(/\/$/, '')}/storage/v1/object/${bucket}/` +
  path.split('/').map(encodeURIComponent).join('/')

function serviceHeaders(): Record<string, string> {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''
  return { Authorization: `Bearer ${key}`, apikey: key }
}

/** How long Storage may take to read one chunk of the zip before the upload is given up. */
const STALL_MS = 120_000
/** SI, as the app writes sizes (it words the `bytes` sent beside this English). */
const megabytes = (n: number) => `${(n / 1e6).toFixed(1)} MB`

/**
 * One streamed upload: write() waits while Storage reads; close() returns once it is stored. The
 * zip is one Storage object: past Storage's file size limit ([storage] file_size_limit, the
 * bucket has none of its own) Storage refuses it, and the export fails saying how far it got.
 */
function startUpload(path: string) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const writer = writable.getWriter()
  let sent = 0
  // Storage refused the zip (why: its status, its error's message) or stopped reading it.
  const refusal = (why: string | null) => {
    const size = megabytes(sent)
    return why === null
      ? new CodedError(
          'export_storage_stalled',
          { size, bytes: sent },
          `Storage stopped reading the export after ${size}.`
        )
      : new CodedError(
          'export_storage_refused',
          { size, bytes: sent, detail: why },
          `Storage did not take the export after ${size} (${why}); an export larger than ` +
            "Storage's file size limit is refused."
        )
  }
  const response = fetch(storageUrl('exports', path), {
    method: 'POST',
    headers: { ...serviceHeaders(), 'Content-Type': 'application/zip', 'x-upsert': 'true' },
    body: readable,
    duplex: 'half',
  } as RequestInit)
  // Storage answering (or closing) before the end is a refusal: the next write fails with it.
  const refused = response.then(
    (r) => {
      throw refusal(`HTTP ${r.status}`)
    },
    (error: unknown) => {
      throw refusal(error instanceof Error ? error.message : String(error))
    }
  )
  refused.catch(() => undefined)
  return {
    async write(chunk: Uint8Array) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(refusal(null)), STALL_MS)
      })
      try {
        await Promise.race([writer.write(chunk), refused, stalled])
        sent += chunk.length
      } finally {
        clearTimeout(timer)
      }
    },
    async close() {
      await writer.close()
      const r = await response.catch((error: unknown) => {
        throw refusal(error instanceof Error ? error.message : String(error))
      })
      if (!r.ok) throw refusal(`HTTP ${r.status}: ${(await r.text()).slice(0, 200)}`)
      await r.body?.cancel()
    },
    async abort(reason: unknown) {
      await writer.abort(reason).catch(() => undefined)
      await response.catch(() => undefined)
    },
  }
}

async function build(row: ExportRow): Promise<number> {
  const upload = startUpload(row.storage_path)
  const zip = new ArchiveWriter((chunk) => upload.write(chunk))
  const person = row.kind === 'personal' ? row.requested_by : null
  try {
    await db().begin('isolation level repeatable read read only', async (tx) => {
      await write(tx, zip, row, person)
    })
    const size = await zip.finish()
    await upload.close()
    return size
  } catch (error) {
    await upload.abort(error)
    throw error
  }
}

async function write(
  tx: TransactionSql,
  zip: ArchiveWriter,
  row: ExportRow,
  person: string | null
) {
  const [workspace] = await tx<{ id: string; name: string; slug: string }[]>`
    select id, name, slug from public.workspaces where id = ${row.workspace_id}`
  if (!workspace) throw new CodedError('workspace_gone', {}, 'The workspace is gone.')
  // The people (a personal export: the person alone, their email included) are read before the
  // role changes: Auth's emails are not the API's to read.
  const people = await readPeople(tx, workspace.id, person)
  if (person !== null) {
    const claims = { sub: person, role: 'authenticated', aud: 'authenticated', aal: 'aal2' }
    await tx`set local role authenticated`
    await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
      set_config('request.jwt.claim.sub', ${person}, true),
      set_config('request.jwt.claim.role', 'authenticated', true)`
  }
  const holds = person !== null ? 'own' : row.scope === 'all' ? 'all' : 'public'
  const manifest = chorusManifest({
    workspace,
    kind: row.kind,
    holds,
    ...(person ? { person } : {}),
    exportedAt: new Date(),
  })
  await zip.addJson('chorus.json', manifest)
  await zip.addJson('users.json', people.map(slackUser))
  const conversations = await readConversations(tx, workspace.id, person, holds === 'public')
  for (const name of CONVERSATION_FILES) {
    const listed = conversations.filter((c) => conversationFile(c) === name)
    await zip.addJson(name, listed.map(slackConversation))
  }
  for (const conversation of conversations) {
    const folder = folderOf(conversation)
    let day: string | null = null
    let messages: Record<string, unknown>[] = []
    const flush = async () => {
      if (day !== null && messages.length > 0) await zip.addJson(`${folder}/${day}.json`, messages)
      messages = []
    }
    await messagesOf(tx, conversation.id, person, async (rows) => {
      for (const message of rows) {
        const itsDay = dayOf(message.ts)
        if (itsDay !== day) {
          await flush()
          day = itsDay
        }
        messages.push(slackMessage(message, conversation.id))
      }
    })
    await flush()
  }
  const missing: { id: string; chorus_path: string; reason: string }[] = []
  const headers = serviceHeaders()
  for (const conversation of conversations) {
    for (const file of await filesOf(tx, conversation.id, person)) {
      const response = await fetch(storageUrl(file.bucket_id, file.path), { headers })
      // Storage answers a missing object 400 (its body says 404): the file is listed as missing
      // (retention may remove it while the export runs); any other failure fails the export.
      if ((response.status === 400 || response.status === 404) && response.body) {
        const said = await response.text()
        missing.push({ id: file.id, chorus_path: filePath(file), reason: said.slice(0, 200) })
        continue
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel()
        const [path, status] = [file.path, response.status]
        const reason = `The file ${path} could not be read (${status}).`
        throw new CodedError('export_file_unreadable', { path, status }, reason)
      }
      await zip.addStream(filePath(file), response.body, file.mime_type)
    }
  }
  // The workspace's custom emoji (a workspace export's only).
  const emojiImage = (path: string) => fetch(storageUrl('custom-emoji', path), { headers })
  if (person === null) await writeEmoji(tx, zip, workspace.id, emojiImage, missing)
  if (missing.length > 0) await zip.addJson('chorus_missing_files.json', missing)
  const extras = person && (await readPersonalExtras(tx, person, workspace.id))
  if (extras) await zip.addJson('chorus_personal.json', extras)
}

async function asService<T>(fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
  return (await db().begin(async (tx) => {
    await tx`set local role service_role`
    return fn(tx)
  })) as T
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { Allow: 'POST' })
  let exportId: unknown
  try {
    exportId = ((await request.json()) as { export_id?: unknown } | null)?.export_id
  } catch {
    exportId = undefined
  }
  if (typeof exportId !== 'string' || !UUID.test(exportId)) {
    return json(400, { error: 'Send {"export_id": "<uuid>"}.' })
  }
  const [row] = await asService(
    (tx) => tx<ExportRow[]>`
      select id, workspace_id, requested_by, kind, storage_path, scope from public.claim_export(${exportId})`
  )
  if (!row) return json(200, { export_id: exportId, status: 'not queued' })
  try {
    const size = await build(row)
    await asService((tx) => tx`select 1 from public.finish_export(${row.id}, ${size})`)
    return json(200, { export_id: row.id, status: 'done', size })
  } catch (error) {
    console.error('exports: the export failed', error)
    // Its row says why in English, then as a code with its values (_shared/archive/codes.ts).
    const reason = failureOf(error, 'export_failed')
    await asService((tx) => tx`select 1 from public.fail_export(${row.id}, ${reason})`)
    await fetch(storageUrl('exports', row.storage_path), {
      method: 'DELETE',
      headers: serviceHeaders(),
    }).then(
      (r) => r.body?.cancel(),
      () => undefined
    )
    return json(503, { error: 'The export failed; it is marked failed.' })
  }
}
