// push-notify: Web Push to people's devices (see supabase/migrations/*_chorus_push.sql).
//
// POST {batch_id}: called by the cron job `chorus-push` through pg_net. The batch is claimed once
// with the service key (claim_push_batch checks each row again and says what each push tells),
// each push is encrypted and signed with web-push and sent through the outbound guard
// (send.ts), and every row is reported back in one call (finish_push_batch): sent, gone (404/410:
// the subscription is deleted), retry (429/5xx/network: again after a backoff, given up after 6
// attempts) or failed. Every push that is not sent is logged here (warn: retried; error: given
// up or failed; info: a device gone). The caller is trusted with nothing but the batch id.
// GET: the server's VAPID public key ({ public_key }), which the app subscribes a device with.
//
// Secrets: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `npx web-push
// generate-vapid-keys` prints them; `serve` makes them with its other secrets, `npm run deploy`
// sets them as function secrets), VAPID_SUBJECT (mailto: or https: contact for push services;
// default APP_URL), APP_URL (where a click opens); SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY
// come with the runtime.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { mentionNames } from '../_shared/mention-names.ts'
import { closingUnread } from '../_shared/read-body.ts'
import { payloadOf } from './payload.ts'
import type { PushItem } from './payload.ts'
import { sendPush } from './send.ts'
import type { Outcome, Vapid } from './send.ts'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function vapidOf(appUrl: string): Vapid | null {
  const publicKey = Deno.env.get('VAPID_PUBLIC_KEY') ?? ''
  const privateKey = Deno.env.get('VAPID_PRIVATE_KEY') ?? ''
  if (!publicKey || !privateKey) return null
  // Push services want a contact: an https: URL or a mailto: address.
  const subject =
    Deno.env.get('VAPID_SUBJECT') ||
    (appUrl.startsWith('https://')
      ? appUrl
      : `mailto:push@${URL.canParse(appUrl) ? new URL(appUrl).hostname : 'localhost'}`)
  return { subject, publicKey, privateKey }
}

/** Runs fn over items, at most `limit` at a time. */
async function eachLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  const url = Deno.env.get('SUPABASE_URL') ?? ''
  const publicUrl = (Deno.env.get('SUPABASE_PUBLIC_URL') ?? url).replace(/\/$/, '')
  const appUrl = (Deno.env.get('APP_URL') ?? Deno.env.get('SITE_URL') ?? publicUrl).replace(
    /\/$/,
    ''
  )
  const vapid = vapidOf(appUrl)
  if (request.method === 'GET') {
    if (!vapid) return json(503, { error: 'Push is not set up on this server (no VAPID key).' })
    return json(200, { public_key: vapid.publicKey })
  }
  if (request.method !== 'POST') return json(405, { error: 'Use POST or GET.' })
  let input: { batch_id?: unknown }
  try {
    input = await request.json()
  } catch {
    return json(400, { error: 'The body must be JSON: {"batch_id"}.' })
  }
  if (typeof input.batch_id !== 'string' || !/^[0-9a-f-]{36}$/i.test(input.batch_id))
    return json(400, { error: 'batch_id must be a uuid.' })
  const batchId = input.batch_id
  // Before the claim: without keys the batch stays unclaimed, its rows free again after the lease.
  if (!vapid) {
    console.error('push-notify: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set; nothing sent')
    return json(500, { error: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set.' })
  }
  const admin = createClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await admin.rpc('claim_push_batch', { p_batch_id: batchId })
  if (error) return json(400, { error: error.message })
  const claimed = data as { items: PushItem[] } | null
  if (!claimed) return json(200, { sent: 0, reason: 'claimed already or unknown' })

  const places = { appUrl, storageUrl: `${publicUrl}/storage/v1` }
  const names = await mentionNames(
    admin,
    claimed.items.map((item) => (item.hidden ? null : item.body))
  )
  const outcomes: Outcome[] = await eachLimited(claimed.items, 8, (item) =>
    sendPush(item.subscription, JSON.stringify(payloadOf(item, places, names)), vapid, {
      // A message is worth showing for a day; a "read" or a test only for a few minutes.
      ttlSeconds: item.kind === 'message' ? 86_400 : 300,
      urgency: item.kind === 'message' ? 'high' : 'normal',
    })
  )
  const sent: number[] = []
  const gone: number[] = []
  const retry: { id: number; error: string; after_seconds: number | null }[] = []
  const failed: { id: number; error: string }[] = []
  claimed.items.forEach((item, i) => {
    const outcome = outcomes[i]!
    const who = `push ${item.id} (${item.kind}) to device ${item.subscription.id}`
    if (outcome.kind === 'sent') sent.push(item.id)
    else if (outcome.kind === 'gone') {
      gone.push(item.id)
      console.info(`push-notify: ${who}: ${outcome.status}, the device is gone and removed`)
    } else if (outcome.kind === 'retry') {
      retry.push({ id: item.id, error: outcome.error, after_seconds: outcome.afterSeconds })
    } else {
      failed.push({ id: item.id, error: outcome.error })
      console.error(`push-notify: ${who} failed: ${outcome.error}`)
    }
  })
  const { data: report, error: finishError } = await admin.rpc('finish_push_batch', {
    p_batch_id: batchId,
    p_sent: sent,
    p_gone: gone,
    p_retry: retry,
    p_failed: failed,
  })
  if (finishError) {
    console.error(
      `push-notify: batch ${batchId} not reported (${finishError.message}); its rows are free ` +
        'again when their lease ends, and may be sent once more'
    )
    return json(502, { error: finishError.message })
  }
  const r = report as {
    gave_up: number
    gave_up_ids: number[]
    retrying: number
    next_attempt_at: string | null
  }
  for (const x of retry) {
    if (r.gave_up_ids.includes(x.id))
      console.error(`push-notify: push ${x.id} given up after its last attempt: ${x.error}`)
    else console.warn(`push-notify: push ${x.id} not sent (${x.error}); retrying with a backoff`)
  }
  return json(200, {
    sent: sent.length,
    gone: gone.length,
    retrying: r.retrying,
    gave_up: r.gave_up,
    failed: failed.length,
  })
}
