// One push to one device: web-push makes the request (the payload encrypted for the device's keys
// as RFC 8291's aes128gcm says, the VAPID JWT signed with the server's key, RFC 8292), and it is
// sent through _shared/safe-fetch.ts, the one way functions reach URLs that people chose (an
// endpoint is whatever the browser, or anyone calling the API, registered). The push service's
// answer decides what becomes of the queue row (RFC 8030): 201 sent; 404 or 410 the subscription
// is gone (deleted); 429 and 5xx, a timeout or a network failure are tried again later (after
// Retry-After when the service says so); anything else failed for good.
import webpush from 'npm:web-push@3.6.7'
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'

export interface Vapid {
  subject: string
  publicKey: string
  privateKey: string
}

export type Outcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; afterSeconds: number | null }
  | { kind: 'failed'; error: string }

export interface Target {
  endpoint: string
  p256dh: string
  auth: string
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), capped at an hour. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  const seconds = /^\d+$/.test(trimmed)
    ? Number(trimmed)
    : Math.ceil((Date.parse(trimmed) - now) / 1000)
  if (!Number.isFinite(seconds)) return null
  return Math.min(Math.max(seconds, 0), 3600)
}

/** What the push service's status means for the row. */
export function outcomeOf(status: number, headers: Headers, text: string): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  const error = `the push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`
  if (status === 429 || status >= 500) {
    return { kind: 'retry', error, afterSeconds: retryAfterSeconds(headers.get('retry-after')) }
  }
  return { kind: 'failed', error }
}

export async function sendPush(
  target: Target,
  payload: string,
  vapid: Vapid,
  options: { ttlSeconds: number; urgency: 'high' | 'normal' | 'low'; topic?: string }
): Promise<Outcome> {
  let details
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        contentEncoding: 'aes128gcm',
      }
    )
  } catch (error) {
    // Keys that are not a P-256 point, an endpoint that is no URL: never deliverable.
    return { kind: 'failed', error: `not sent: ${(error as Error).message}` }
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value)
  try {
    const response = await safeFetch(details.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(details.body),
      maxRedirects: 0,
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
    })
    return outcomeOf(response.status, response.headers, new TextDecoder().decode(response.body))
  } catch (error) {
    if (error instanceof OutboundError) {
      if (error.code === 'timeout' || error.code === 'network' || error.code === 'dns_failed') {
        return { kind: 'retry', error: `${error.code}: ${error.message}`, afterSeconds: null }
      }
      return { kind: 'failed', error: `${error.code}: ${error.message}` }
    }
    return { kind: 'retry', error: (error as Error).message, afterSeconds: null }
  }
}
