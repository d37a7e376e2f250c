import { describe, expect, it } from 'vitest'
import { REDACTED, redactConsole, redactText, redactUrl } from './redact.ts'

const R = REDACTED
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
const BOT = `xoxb-${'ab'.repeat(32)}`

describe('redactUrl', () => {
  it.each([
    [
      '/functions/v1/webhooks/0b9c3a1e-1111-2222-3333-444455556666/AbCd_ef-123',
      `/functions/v1/webhooks/0b9c3a1e-1111-2222-3333-444455556666/${R}`,
    ],
    [
      '/functions/v1/slash-commands/respond/run-1/s3cr3t?x=1',
      `/functions/v1/slash-commands/respond/run-1/${R}?x=${R}`,
    ],
    [
      '/functions/v1/notifications-email?unsubscribe=abc',
      `/functions/v1/notifications-email?unsubscribe=${R}`,
    ],
    [`/storage/v1/object/sign/b/a.png?token=${JWT}`, `/storage/v1/object/sign/b/a.png?token=${R}`],
    [
      '/realtime/v1/websocket?apikey=sb_publishable_abcdefgh12&vsn=2.0.0',
      `/realtime/v1/websocket?apikey=${R}&vsn=${R}`,
    ],
    [
      `/functions/v1/slack-api/auth.test?token=${BOT}`,
      `/functions/v1/slack-api/auth.test?token=${R}`,
    ],
    ['/rest/v1/messages?select=*&flag&empty=', `/rest/v1/messages?select=${R}&flag&empty=`],
    [
      'https://user:pw@example.com:8443/a?b=c#access_token=x',
      `https://user:${R}@example.com:8443/a?b=${R}#${R}`,
    ],
    [`/functions/v1/other/${JWT}`, `/functions/v1/other/${R}`],
    ['/invite/Ab3-x_9kQz', `/invite/${R}`],
    [
      'https://chat.example.com/invite/Ab3-x_9kQz?from=mail',
      `https://chat.example.com/invite/${R}?from=${R}`,
    ],
    ['/rest/v1/channels', '/rest/v1/channels'],
    ['/functions/v1/webhooks/only-an-id', '/functions/v1/webhooks/only-an-id'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })
})

describe('redactText', () => {
  it('redacts the URLs of a line and leaves the rest', () => {
    expect(
      redactText('DEBUG: 127.0.0.1 GET /functions/v1/notifications-email?unsubscribe=t0k 303 4 ms')
    ).toBe(`DEBUG: 127.0.0.1 GET /functions/v1/notifications-email?unsubscribe=${R} 303 4 ms`)
    expect(redactText('DEBUG: ::1 GET /invite/Ab3-x_9kQz 200 52 ms')).toBe(
      `DEBUG: ::1 GET /invite/${R} 200 52 ms`
    )
    expect(redactText('read /tmp/a/b.txt, 2/3 done, and/or')).toBe(
      'read /tmp/a/b.txt, 2/3 done, and/or'
    )
  })

  it('hides credentials in messages and details', () => {
    expect(redactText(`Bearer ${JWT} and ${BOT} and sb_secret_abcdefghijkl`)).toBe(
      `Bearer ${R} and ${R} and ${R}`
    )
    expect(redactText('{"password":"hunter2","token": "xyz","n":1}')).toBe(
      `{"password":"${R}","token": "${R}","n":1}`
    )
    expect(redactText('postgresql://supabase_admin:postgres@127.0.0.1:5432/postgres')).toBe(
      `postgresql://supabase_admin:${R}@127.0.0.1:5432/postgres`
    )
    expect(redactText(`fetch https://hooks.example.com/x?token=abc failed: token=abc`)).toBe(
      `fetch https://hooks.example.com/x?token=${R} failed: token=${R}`
    )
  })

  it('is idempotent', () => {
    const once = redactText(`GET /functions/v1/webhooks/id/secret?token=${BOT}`)
    expect(redactText(once)).toBe(once)
  })
})

describe('redactConsole', () => {
  it("formats console's arguments as console does, then redacts them", () => {
    const written: string[] = []
    const keep = (...args: unknown[]) => void written.push(args.map(String).join(' '))
    const target = { log: keep, info: keep, warn: keep, error: keep, debug: keep }
    redactConsole(target)
    redactConsole(target)
    target.error('webhooks: post failed', { url: '/functions/v1/webhooks/id/s3cr3t', n: 1 })
    target.warn('%s has %d', `token=${BOT}`, 2)
    expect(written).toEqual([
      `webhooks: post failed { url: '/functions/v1/webhooks/id/${R}', n: 1 }`,
      `token=${R} has 2`,
    ])
  })
})
