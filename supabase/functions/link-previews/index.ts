// link-previews: a message's link previews (see *_chorus_link_previews.sql and preview.ts).
//
// POST {message_id}: called through pg_net by the trigger on messages (a new or edited message
// with a link) with the project's publishable key; [functions.link-previews] verify_jwt = false,
// since the caller is trusted with nothing but the id: the message is read here with the service
// key and only its own links are fetched, each once (claim_link_previews() hands a row out once),
// so calling it again, by anyone, fetches nothing new. Answers 200 {fetched, ready}; 400
// {error} for a body without a message id; 405 for other methods. A site that fails, is slow,
// too big, not HTML or not allowed (safe-fetch.ts) makes a `failed` row, never an error here.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { previewMessage } from './preview.ts'
import type { PreviewStore } from './preview.ts'
import { closingUnread } from '../_shared/read-body.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

function storeOf(): PreviewStore {
  const admin = createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    { auth: { persistSession: false, autoRefreshToken: false } }
  )
  return {
    async message(id) {
      const { data, error } = await admin
        .from('messages')
        .select('id, body, deleted_at')
        .eq('id', id)
        .maybeSingle()
      if (error) throw error
      return data
    },
    async claim(messageId, urls) {
      const { data, error } = await admin.rpc('claim_link_previews', {
        p_message_id: messageId,
        p_urls: urls,
      })
      if (error) throw error
      return data ?? []
    },
    async upload(path, bytes, contentType) {
      const { error } = await admin.storage
        .from('link-previews')
        .upload(path, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }), {
          contentType,
          upsert: true,
        })
      if (error) throw error
    },
    async save(id, fields) {
      const { error } = await admin
        .from('link_previews')
        .update({ ...fields, fetched_at: new Date().toISOString() })
        .eq('id', id)
        .eq('status', 'fetching')
        .eq('removed_by_author', false)
      if (error) throw error
    },
  }
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { Allow: 'POST' })
  let messageId: unknown
  try {
    messageId = ((await request.json()) as { message_id?: unknown })?.message_id
  } catch {
    return json(400, { error: 'The body must be JSON: {"message_id": "<uuid>"}.' })
  }
  if (typeof messageId !== 'string' || !UUID.test(messageId)) {
    return json(400, { error: 'message_id must be a message id (a uuid).' })
  }
  try {
    return json(200, await previewMessage(messageId, storeOf()))
  } catch (error) {
    console.error('link-previews: could not store the previews', error)
    return json(503, { error: 'The previews could not be stored; try again later.' })
  }
}
