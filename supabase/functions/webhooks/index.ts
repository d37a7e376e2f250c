// webhooks: Slack-compatible incoming webhooks (see *_chorus_incoming_webhooks.sql).
//
// POST /functions/v1/webhooks/<webhook-id>/<secret> with Slack's payload (JSON, or a form with a
// `payload` field): the message appears in the webhook's channel as the integration's. Answered
// as Slack answers, in plain text: 200 `ok`; 400 `invalid_payload`, `invalid_blocks`, `no_text`,
// `too_many_attachments`, `msg_too_long`, `user_not_found` (a Chorus mention of someone not in
// the channel); 403 `invalid_token` (a wrong or regenerated secret); 404 `no_service` (no such
// webhook, or revoked), `channel_not_found`; 410 `channel_is_archived`; 429 `rate_limited` with
// Retry-After; 500 `rollup_error`. Each refusal also says why in the X-Chorus-Error header.
// Nothing is stored unless the answer is `ok`. An answer that leaves the body unread closes the
// connection (_shared/read-body.ts). Called by other servers without a JWT
// ([functions.webhooks] verify_jwt = false): the secret in the URL is the credential; the post
// itself goes through post_incoming_webhook() with the service key, which checks the secret's
// hash, the revocation, the channel and the rate limit in one transaction, and raises each
// refusal with a Chorus code (supabase/errors.json) that is turned here into Slack's answer.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { hasCode } from '../_shared/error-code.ts'
import { BodyNotUtf8, BodyTooLarge, closingUnread, readText } from '../_shared/read-body.ts'
import {
  MAX_BODY_BYTES,
  PayloadError,
  readPayload,
  toWebhookPost,
} from '../_shared/slack/payload.ts'

const STATUS: Record<string, number> = {
  ok: 200,
  invalid_payload: 400,
  invalid_blocks: 400,
  no_text: 400,
  too_many_attachments: 400,
  msg_too_long: 400,
  user_not_found: 400,
  invalid_token: 403,
  no_service: 404,
  channel_not_found: 404,
  channel_is_archived: 410,
  rate_limited: 429,
  rollup_error: 500,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function answer(code: string, detail?: string, headers: Record<string, string> = {}): Response {
  return new Response(code, {
    status: STATUS[code] ?? 500,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      ...(detail ? { 'X-Chorus-Error': detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 300) } : {}),
      ...headers,
    },
  })
}

/** The body as text: Slack's invalid_payload past the limit or for bytes that are not UTF-8. */
async function readBody(request: Request): Promise<string> {
  try {
    return await readText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLarge || error instanceof BodyNotUtf8)
      throw new PayloadError('invalid_payload', error.message)
    throw error
  }
}

Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  // .../webhooks/<id>/<secret>, whatever prefix the runtime keeps
  const parts = new URL(request.url).pathname.split('/').filter(Boolean)
  const at = parts.lastIndexOf('webhooks')
  const [id = '', secret = ''] = at >= 0 ? parts.slice(at + 1) : []
  if (!UUID.test(id) || parts.length > at + 3) return answer('no_service', 'Unknown webhook URL.')
  if (request.method !== 'POST') {
    return new Response('invalid_method', {
      status: 405,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'POST' },
    })
  }
  if (!secret) return answer('invalid_token', 'The URL has no secret.')

  let post
  try {
    const text = await readBody(request)
    post = toWebhookPost(readPayload(text, request.headers.get('content-type')))
  } catch (error) {
    if (error instanceof PayloadError) return answer(error.code, error.detail)
    throw error
  }

  const admin = createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    { auth: { persistSession: false, autoRefreshToken: false } }
  )
  const { error } = await admin.rpc('post_incoming_webhook', {
    p_webhook_id: id,
    p_secret: secret,
    p_message_id: crypto.randomUUID(),
    p_body: post.body,
    p_username: post.username,
    p_icon_emoji: post.iconEmoji,
    p_icon_url: post.iconUrl,
  })
  if (!error) return answer('ok')
  if (hasCode(error, 'rate_limited')) {
    return answer('rate_limited', 'Too many messages for this webhook; wait and retry.', {
      'Retry-After': String(retryAfter(error.hint)),
    })
  }
  if (hasCode(error, 'webhook_not_found') || hasCode(error, 'webhook_revoked'))
    return answer('no_service', 'This webhook does not exist or was revoked.')
  if (hasCode(error, 'webhook_secret_invalid'))
    return answer('invalid_token', "The URL's secret is wrong or was regenerated.")
  if (hasCode(error, 'channel_not_found'))
    return answer('channel_not_found', "The webhook's channel no longer exists.")
  if (hasCode(error, 'channel_archived'))
    return answer('channel_is_archived', "The webhook's channel is archived.")
  if (hasCode(error, 'mention_not_in_channel')) return answer('user_not_found', error.message)
  if (error.code === '22023') return answer('invalid_payload', error.message)
  console.error('webhooks: post failed', error)
  return answer('rollup_error', 'The message could not be stored.')
}

/** The seconds to wait that a rate_limited refusal gives in its hint ({"retry_after": n}). */
function retryAfter(hint: string | null | undefined): number {
  try {
    const seconds = (JSON.parse(hint ?? '') as { retry_after?: unknown }).retry_after
    return typeof seconds === 'number' && seconds > 0 ? seconds : 1
  } catch {
    return 1
  }
}
