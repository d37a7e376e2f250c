// The import's tests: supabase-js as a person, an archive uploaded to the imports bucket and an
// import started as the app does it, and waiting for an import to end.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { waitFor } from '../../../backend/test/support/wait.ts'
import type { Person } from './world.ts'

export interface ImportRow {
  id: string
  workspace_id: string
  status: string
  people: number
  channels: number
  messages_total: number
  messages_done: number
  files_total: number
  files_done: number
  report: { file: string; index?: number; reason: string }[]
  error: string | null
  checkpoint: Record<string, unknown>
  heartbeat_at: string | null
}

export const ok = <T>(result: { data: T | null; error: unknown }): T => {
  expect(result.error).toBeNull()
  return result.data as T
}

export function importKit(stackOf: () => TestStack) {
  const as = (person: Person): SupabaseClient =>
    stackOf().client(stackOf().anonKey, {
      global: { headers: { Authorization: `Bearer ${person.token}` } },
    })

  async function workspace(owner: Person, name: string): Promise<string> {
    return ok(await as(owner).rpc('create_workspace', { p_name: name }).single<{ id: string }>()).id
  }

  async function upload(owner: Person, ws: string, zip: Uint8Array, name = 'slack.zip') {
    const path = `${ws}/${name}`
    ok(
      await as(owner)
        .storage.from('imports')
        .upload(path, zip, { contentType: 'application/zip', upsert: true })
    )
    return path
  }

  /** Starts an import (`invite`: p_invite, which is refused when true: an import emails nobody). */
  async function start(
    owner: Person,
    ws: string,
    path: string,
    options: { invite?: boolean } = {}
  ): Promise<ImportRow> {
    const args =
      options.invite === undefined
        ? { p_workspace: ws, p_path: path }
        : { p_workspace: ws, p_path: path, p_invite: options.invite }
    return ok(await as(owner).rpc('start_import', args).single<ImportRow>())
  }

  async function row(id: string): Promise<ImportRow> {
    const [found] = await stackOf().sql<ImportRow[]>`select * from public.imports where id = ${id}`
    return found!
  }

  /** The import once it has ended (done, failed or cancelled). */
  async function ended(id: string, ms = 60_000): Promise<ImportRow> {
    return waitFor(
      `import ${id} to end`,
      async () => {
        const found = await row(id)
        return ['done', 'failed', 'cancelled'].includes(found.status) ? found : undefined
      },
      ms
    )
  }

  /** Calls the function for the import as the cron job's call does (pg_net, publishable key). */
  async function callFunction(id: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${stackOf().url}/functions/v1/imports`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${stackOf().anonKey}`,
        apikey: stackOf().anonKey,
      },
      body: JSON.stringify({ import_id: id }),
    })
    return { status: response.status, body: await response.json() }
  }

  /** Every call pg_net was asked to make has its answer (none is in the function at stop). The
   * functions' background process is niced: with the cores full, its start alone took over 10 s
   * (a fresh clone's unit run, 2026-11-30). */
  async function settled(): Promise<void> {
    await waitFor(
      'the function calls to be answered',
      async () => {
        const [state] = await stackOf().sql<{ settled: boolean }[]>`
        select not exists (select 1 from net.http_request_queue)
          and coalesce((select max(id) from net._http_response), 0) >=
            (select case when is_called then last_value else 0 end
             from net.http_request_queue_id_seq) as settled`
        return state!.settled ? true : undefined
      },
      60_000
    )
  }

  /** The placeholder a workspace's imports made for this address (issue 49, item 1), unclaimed. */
  async function placeholderOf(ws: string, email: string): Promise<string | undefined> {
    const [found] = await stackOf().sql<{ id: string }[]>`
      select profile_id as id from private.import_placeholders
      where workspace_id = ${ws} and email = ${email.toLowerCase()}`
    return found?.id
  }

  /** `person` claims their placeholders: the owner's email invitation (after the import), accepted. */
  async function claim(owner: Person, ws: string, person: Person): Promise<void> {
    const invite = ok(
      await as(owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: person.email })
        .single<{ token: string }>()
    )
    ok(await as(person).rpc('accept_invite', { p_token: invite.token }))
  }

  return { as, workspace, upload, start, row, ended, callFunction, settled, placeholderOf, claim }
}

/** A valid, unique email address for a test person named `name` (which may have spaces): an
 * invitation to it can be made, as a claim needs. */
export const addressFor = (name: string): string =>
  `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`

/** The emails of a team export's three people: the first an existing account's (who may claim
 * their placeholder), two newcomers. */
export function teamEmails(existing: Person): [string, string, string] {
  const tag = existing.id.slice(0, 6)
  return [existing.email, `ben-${tag}@example.test`, `cat-${tag}@example.test`]
}

/** The first bytes of a PNG: the image an export's file link serves. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

/** An HTTP server on loopback serving PNG at /diagram.png (404 elsewhere): an export's file
 * links point at it (the import's downloads need CHORUS_OUTBOUND_ALLOW_LOOPBACK). */
export async function diagramServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    if (request.url === '/diagram.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/diagram.png`, close: () => server.close() }
}
