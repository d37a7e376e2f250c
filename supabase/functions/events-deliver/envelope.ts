// The requests events-deliver sends, in Slack's Events API shape (pure; the function and its
// tests share it): the `event_callback` envelope around a queued event, the `url_verification`
// challenge, the v0 signature (X-Slack-Signature = v0=hex(HMAC-SHA256(secret, "v0:<ts>:<body>"))
// with X-Slack-Request-Timestamp), Slack's retry headers, and which failures are worth a retry
// (Slack's X-Slack-Retry-Reason values) and which are not.
import { hmacHex, slackSignature } from '../_shared/slack/signature.ts'

/** A delivery as claim_event_deliveries returns it. */
export interface Claimed {
  id: number
  event_id: string
  event_type: string
  event: Record<string, unknown>
  event_time: number
  /** This attempt's number (1 = the first). */
  attempts: number
  retry_reason: string | null
  subscription_id: string
  workspace_id: string
  url: string
  secret: string
}

/**
 * The envelope's `token`: Slack's deprecated verification token. Chorus derives it from the
 * signing secret (never the secret itself): receivers should check the signature instead.
 */
export async function verificationToken(secret: string): Promise<string> {
  return (await hmacHex(secret, 'chorus-verification-token')).slice(0, 24)
}

/** Slack's v0 signature headers for a body sent at `now` (seconds). */
export async function signedHeaders(
  secret: string,
  body: string,
  now = Math.floor(Date.now() / 1000)
): Promise<Record<string, string>> {
  const ts = String(now)
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Chorus-Events (+https://api.slack.com/apis/events-api)',
    'X-Slack-Request-Timestamp': ts,
    'X-Slack-Signature': await slackSignature(secret, ts, body),
  }
}

/** The `event_callback` body of a claimed delivery. */
export async function envelopeOf(d: Claimed): Promise<string> {
  return JSON.stringify({
    token: await verificationToken(d.secret),
    team_id: d.workspace_id,
    api_app_id: d.subscription_id,
    event: d.event,
    type: 'event_callback',
    event_id: d.event_id,
    event_time: d.event_time,
    is_ext_shared_channel: false,
  })
}

/** Slack's retry headers: none on the first attempt. */
export function retryHeaders(
  d: Pick<Claimed, 'attempts' | 'retry_reason'>
): Record<string, string> {
  if (d.attempts <= 1) return {}
  return {
    'X-Slack-Retry-Num': String(d.attempts - 1),
    'X-Slack-Retry-Reason': d.retry_reason ?? 'unknown_error',
  }
}

/** The url_verification request's body. */
export async function challengeBody(secret: string, challenge: string): Promise<string> {
  return JSON.stringify({
    token: await verificationToken(secret),
    challenge,
    type: 'url_verification',
  })
}

/**
 * Whether an answer echoes the challenge, as Slack accepts it: the value as plain text, as JSON
 * {"challenge": ...}, or as a form field challenge=...
 */
export function echoesChallenge(body: string, challenge: string): boolean {
  const text = body.trim()
  if (text === challenge) return true
  try {
    const parsed = JSON.parse(text) as unknown
    if (
      parsed &&
      typeof parsed === 'object' &&
      (parsed as { challenge?: unknown }).challenge === challenge
    ) {
      return true
    }
  } catch {
    // not JSON
  }
  return new URLSearchParams(text).get('challenge') === challenge
}

/** An outbound failure's code (safe-fetch's OutboundError) as Slack's retry reason; null: no retry. */
export function retryReasonOf(code: string): string | null {
  switch (code) {
    case 'timeout':
      return 'http_timeout'
    case 'too_many_redirects':
      return 'too_many_redirects'
    case 'dns_failed':
    case 'network':
      return 'connection_failed'
    case 'bad_url':
    case 'blocked_address':
      // refused before connecting: the same URL will be refused again
      return null
    default:
      return 'unknown_error'
  }
}
