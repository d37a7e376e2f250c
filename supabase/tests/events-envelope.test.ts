// The requests of outgoing events, pure (supabase/functions/events-deliver/envelope.ts): Slack's
// v0 signature checked against the example of Slack's "Verifying requests from Slack" guide, the
// event_callback envelope and the url_verification body, the retry headers, the answers that
// count as an echoed challenge, and which outbound failures are retried with which reason.
import { describe, expect, it } from 'vitest'
import {
  challengeBody,
  echoesChallenge,
  envelopeOf,
  retryHeaders,
  retryReasonOf,
  signedHeaders,
  verificationToken,
} from '../functions/events-deliver/envelope.ts'
import type { Claimed } from '../functions/events-deliver/envelope.ts'

describe('the v0 signature', () => {
  it("matches Slack's documented example", async () => {
    const body =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V' +
      '&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=' +
      '&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN' +
      '&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'
    const headers = await signedHeaders('8f742231b10e8888abcd99yyyzzz85a5', body, 1531420618)
    expect(headers['X-Slack-Request-Timestamp']).toBe('1531420618')
    expect(headers['X-Slack-Signature']).toBe(
      'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503'
    )
    expect(headers['Content-Type']).toBe('application/json')
  })
})

describe('the bodies', () => {
  const claimed: Claimed = {
    id: 7,
    event_id: 'Ev0123456789AB',
    event_type: 'message',
    event: { type: 'message', channel: 'c', user: 'u', text: 'hi', ts: '1.000001' },
    event_time: 1700000000,
    attempts: 1,
    retry_reason: null,
    subscription_id: 'sub',
    workspace_id: 'ws',
    url: 'https://example.com/events',
    secret: '0123456789abcdef0123456789abcdef',
  }

  it("wraps the event in Slack's event_callback envelope, without the secret", async () => {
    const body = await envelopeOf(claimed)
    expect(JSON.parse(body)).toEqual({
      token: await verificationToken(claimed.secret),
      team_id: 'ws',
      api_app_id: 'sub',
      event: claimed.event,
      type: 'event_callback',
      event_id: 'Ev0123456789AB',
      event_time: 1700000000,
      is_ext_shared_channel: false,
    })
    expect(body).not.toContain(claimed.secret)
    expect(await verificationToken(claimed.secret)).toMatch(/^[0-9a-f]{24}$/)
    expect(await verificationToken('another secret')).not.toBe(
      await verificationToken(claimed.secret)
    )
  })

  it('sends the challenge as url_verification', async () => {
    expect(JSON.parse(await challengeBody(claimed.secret, 'abc'))).toEqual({
      token: await verificationToken(claimed.secret),
      challenge: 'abc',
      type: 'url_verification',
    })
  })

  it('adds the retry headers from the second attempt on', () => {
    expect(retryHeaders({ attempts: 1, retry_reason: null })).toEqual({})
    expect(retryHeaders({ attempts: 3, retry_reason: 'http_timeout' })).toEqual({
      'X-Slack-Retry-Num': '2',
      'X-Slack-Retry-Reason': 'http_timeout',
    })
    expect(retryHeaders({ attempts: 2, retry_reason: null })).toMatchObject({
      'X-Slack-Retry-Reason': 'unknown_error',
    })
  })
})

describe('the answers', () => {
  it('takes the challenge as plain text, JSON or a form field, and nothing else', () => {
    expect(echoesChallenge('abc', 'abc')).toBe(true)
    expect(echoesChallenge(' abc\n', 'abc')).toBe(true)
    expect(echoesChallenge('{"challenge":"abc"}', 'abc')).toBe(true)
    expect(echoesChallenge('challenge=abc', 'abc')).toBe(true)
    expect(echoesChallenge('', 'abc')).toBe(false)
    expect(echoesChallenge('abcd', 'abc')).toBe(false)
    expect(echoesChallenge('{"challenge":"other"}', 'abc')).toBe(false)
    expect(echoesChallenge('ok', 'abc')).toBe(false)
  })

  it("maps outbound failures to Slack's retry reasons; refused addresses are not retried", () => {
    expect(retryReasonOf('timeout')).toBe('http_timeout')
    expect(retryReasonOf('too_many_redirects')).toBe('too_many_redirects')
    expect(retryReasonOf('network')).toBe('connection_failed')
    expect(retryReasonOf('dns_failed')).toBe('connection_failed')
    expect(retryReasonOf('too_large')).toBe('unknown_error')
    expect(retryReasonOf('blocked_address')).toBeNull()
    expect(retryReasonOf('bad_url')).toBeNull()
  })
})
