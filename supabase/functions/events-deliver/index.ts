// events-deliver: outgoing events in Slack's Events API shape (see *_chorus_outgoing_events.sql).
//
// Called without a JWT check ([functions.events-deliver] verify_jwt = false: the cron job sends
// the publishable key, which is not a JWT). POST {} (the cron job, through pg_net, whenever a
// delivery is due; anyone may call it: it trusts nothing from the caller and sends only what is
// due, each delivery once per lease): claims up to 50 due deliveries with the service key
// (claim_event_deliveries: leased, counted as an attempt) and POSTs each one's `event_callback`
// envelope as JSON to its subscription's URL, signed as Slack signs (X-Slack-Signature v0,
// X-Slack-Request-Timestamp), with X-Slack-Retry-Num / X-Slack-Retry-Reason on retries, through
// _shared/safe-fetch.ts (3 s, no redirects; private, loopback and link-local addresses refused).
// Each outcome goes to record_event_delivery (2xx delivered; else retried with Slack's backoff,
// then failed). Answers { claimed, delivered, retrying, failed }.
//
// POST { verify: <subscription id> } (the Settings screen, with the admin's session): sends
// Slack's url_verification challenge, signed, and marks the URL verified only if the answer
// echoes the challenge. The caller's session must be able to read the subscription (its
// workspace's owners and admins, by row-level security; no session reads nothing). Answers { verified, error? }; 404 { error: 'not_found' }.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'
import { BodyTooLarge, closingUnread, readText } from '../_shared/read-body.ts'
import {
  challengeBody,
  echoesChallenge,
  envelopeOf,
  retryHeaders,
  retryReasonOf,
  signedHeaders,
} from './envelope.ts'
import type { Claimed } from './envelope.ts'

const TIMEOUT_MS = 3000
const BATCH = 50
const PARALLEL = 8
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function serviceClient() {
  return createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    { auth: { persistSession: false, autoRefreshToken: false } }
  )
}

type Outcome = { status: number | null; error: string | null; retryReason: string | null }

async function post(url: string, headers: Record<string, string>, body: string, read: boolean) {
  return safeFetch(url, {
    method: 'POST',
    headers,
    body,
    maxRedirects: 0,
    timeoutMs: TIMEOUT_MS,
    maxBytes: 64 * 1024,
    accept: () => read,
  })
}

function failure(error: unknown): Outcome {
  if (error instanceof OutboundError) {
    return { status: null, error: error.message, retryReason: retryReasonOf(error.code) }
  }
  return { status: null, error: 'The request failed.', retryReason: 'unknown_error' }
}

async function deliverOne(d: Claimed): Promise<Outcome> {
  try {
    const body = await envelopeOf(d)
    const headers = { ...(await signedHeaders(d.secret, body)), ...retryHeaders(d) }
    const response = await post(d.url, headers, body, false)
    if (response.status >= 200 && response.status < 300) {
      return { status: response.status, error: null, retryReason: null }
    }
    return {
      status: response.status,
      error: `The server answered ${response.status}.`,
      retryReason: 'http_error',
    }
  } catch (error) {
    return failure(error)
  }
}

async function deliverDue(): Promise<Response> {
  const admin = serviceClient()
  const { data, error } = await admin.rpc('claim_event_deliveries', { p_limit: BATCH })
  if (error) {
    console.error('events-deliver: claim failed', error)
    return json(500, { error: 'claim_failed' })
  }
  const claimed = (data ?? []) as Claimed[]
  const counts = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0 }
  let next = 0
  const worker = async () => {
    while (next < claimed.length) {
      const d = claimed[next++]!
      const outcome = await deliverOne(d)
      const recorded = await admin.rpc('record_event_delivery', {
        p_id: d.id,
        p_status_code: outcome.status,
        p_error: outcome.error,
        p_retry_reason: outcome.retryReason,
      })
      if (recorded.error) {
        console.error('events-deliver: record failed', recorded.error)
        continue
      }
      const status = String(recorded.data) as 'delivered' | 'retrying' | 'failed'
      if (status in counts) counts[status] += 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker))
  return json(200, counts)
}

async function verify(request: Request, id: string): Promise<Response> {
  const authorization = request.headers.get('authorization') ?? ''
  const asCaller = createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: authorization } },
    }
  )
  // Row-level security decides: only the workspace's owners and admins read the subscription.
  const seen = await asCaller.from('event_subscriptions').select('id').eq('id', id).maybeSingle()
  if (seen.error || !seen.data) return json(404, { error: 'not_found' })
  const admin = serviceClient()
  const target = await admin.rpc('event_subscription_target', { p_id: id })
  const t = target.data as { url: string; secret: string } | null
  if (target.error || !t) return json(404, { error: 'not_found' })

  const challenge = crypto.randomUUID().replace(/-/g, '') + crypto.randomUUID().replace(/-/g, '')
  let verified = false
  let problem: string | null = null
  try {
    const body = await challengeBody(t.secret, challenge)
    const response = await post(t.url, await signedHeaders(t.secret, body), body, true)
    const text = new TextDecoder().decode(response.body)
    if (response.status < 200 || response.status >= 300) {
      problem = `The URL answered ${response.status} to the challenge.`
    } else if (!echoesChallenge(text, challenge)) {
      problem = 'The URL did not answer with the challenge.'
    } else {
      verified = true
    }
  } catch (error) {
    problem = failure(error).error
  }
  const saved = await admin.rpc('record_event_verification', {
    p_id: id,
    p_verified: verified,
    p_error: problem,
  })
  if (saved.error) {
    console.error('events-deliver: verification not recorded', saved.error)
    return json(500, { error: 'not_recorded' })
  }
  return json(200, verified ? { verified } : { verified, error: problem })
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204 })
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' })
  let input: unknown
  try {
    const text = await readText(request, 10_000)
    input = text.trim() ? JSON.parse(text) : {}
  } catch (error) {
    if (error instanceof BodyTooLarge) return json(413, { error: 'too_large' })
    return json(400, { error: 'invalid_json' })
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return json(400, { error: 'invalid_request' })
  }
  const id = (input as { verify?: unknown }).verify
  if (id === undefined) return deliverDue()
  if (typeof id !== 'string' || !UUID.test(id)) return json(400, { error: 'invalid_request' })
  return verify(request, id)
}
