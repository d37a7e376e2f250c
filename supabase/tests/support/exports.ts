// Exports' tests: messages, files, reactions and edits made through supabase-js as the app makes
// them, an export asked for and waited on, and its zip read back.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { strFromU8, unzipSync } from 'fflate'
import { expect } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { waitFor } from '../../../backend/test/support/wait.ts'
import { ok } from './retention.ts'

export interface ExportRow {
  id: string
  workspace_id: string
  requested_by: string
  kind: string
  status: string
  size: number | null
  storage_path: string
  error: string | null
  expires_at: string | null
}

export type Zip = Record<string, Uint8Array>

/** A day file's message, with the folder it was in. */
export interface ExportedMessage {
  folder: string
  client_msg_id: string
  ts: string
  user?: string
  text?: string
  edited?: { user: string; ts: string }
  files?: { id: string; name: string; size: number; chorus_path: string }[]
  [field: string]: unknown
}

export function exportsKit(stackOf: () => TestStack, as: (token: string) => SupabaseClient) {
  /** A message through send_message (a reply when parent is given, with files when given). */
  async function send(
    token: string,
    channel: string,
    body: string,
    options: { parent?: string; files?: { ws: string; name: string; bytes: Uint8Array }[] } = {}
  ): Promise<string> {
    const id = randomUUID()
    const attachments = []
    for (const file of options.files ?? []) {
      const path = `${file.ws}/${channel}/${id}/${file.name}`
      ok(
        await as(token)
          .storage.from('attachments')
          .upload(path, new Blob([file.bytes], { type: 'text/plain' }))
      )
      attachments.push({ path })
    }
    ok(
      await as(token).rpc('send_message', {
        p_id: id,
        p_channel_id: channel,
        p_body: body,
        p_attachments: attachments,
        p_parent_id: options.parent ?? null,
      })
    )
    return id
  }

  /** Asks for an export and waits until the function finished it. */
  async function exported(token: string, workspace: string, kind: 'workspace' | 'personal') {
    const asked = ok(
      await as(token)
        .rpc('request_export', { p_workspace: workspace, p_kind: kind })
        .single<ExportRow>()
    )
    expect(asked.status).toBe('queued')
    return waitFor(
      `the ${kind} export built`,
      async () => {
        const row = ok(
          await as(token).from('exports').select('*').eq('id', asked.id).single<ExportRow>()
        )
        if (row.status === 'failed') throw new Error(`The export failed: ${row.error}`)
        return row.status === 'done' ? row : undefined
      },
      60_000
    )
  }

  /** The export's zip, through a signed URL as the app downloads it. */
  async function download(token: string, row: ExportRow): Promise<Zip> {
    const signed = ok(
      await as(token).storage.from('exports').createSignedUrl(row.storage_path, 3600)
    )
    const response = await fetch(signed.signedUrl)
    expect(response.status).toBe(200)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(bytes.length).toBe(row.size)
    return unzipSync(bytes)
  }

  const jsonOf = <T = unknown>(zip: Zip, name: string): T => {
    expect(zip[name], name).toBeDefined()
    return JSON.parse(strFromU8(zip[name]!)) as T
  }

  /** Every message of every day file, with the folder it was in. */
  const messagesIn = (zip: Zip): ExportedMessage[] =>
    Object.keys(zip)
      .filter((name) => /^[^/]+\/\d{4}-\d{2}-\d{2}\.json$/.test(name))
      .flatMap((name) =>
        jsonOf<ExportedMessage[]>(zip, name).map((m): ExportedMessage => ({
          ...m,
          folder: name.split('/')[0]!,
        }))
      )

  return { send, exported, download, jsonOf, messagesIn }
}
