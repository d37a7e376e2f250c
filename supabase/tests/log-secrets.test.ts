// No secret in the stack's log (issue 46, item 7): Chorus's project under `serve` with
// LOG_LEVEL=debug, the log written as `serve` writes it (one line per event, to stdout), and
// everything the process writes to stdout and stderr captured (the functions' console too).
// Requests carry each kind of secret a team's server sees in URLs: an incoming webhook's secret,
// a slash command's response_url secret, an unsubscribe token, Storage's signed download and
// upload tokens, `apikey=` and `access_token=` query parameters, Auth's verification token, a
// bot token in the query string (refused, as Slack refuses it) and in the header. The captured
// log (the functions' console output too) names the requests (redacted) and holds none of the
// secrets. The stack and the capture are support/debug-serve.ts's.
import { randomBytes, randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { describe, expect, it } from 'vitest'
import { useDebugServe } from './support/debug-serve.ts'
import { asRole } from './support/world.ts'

const t = useDebugServe()
/** Every secret the test made or sent, by what it is. */
const secrets: Record<string, string> = {}

const api = (pathAndQuery: string) => `${t.stack.apiUrl}${pathAndQuery}`
const secretish = () => randomBytes(24).toString('base64url')

describe('serve at LOG_LEVEL=debug', () => {
  it('takes requests carrying every kind of secret', async () => {
    const { admin, member } = t.world.people
    secrets.personJwt = member.token
    secrets.secretKey = t.stack.keys.secretKey
    secrets.serviceRoleKey = t.stack.keys.serviceRoleKey

    // An incoming webhook: its real URL, then a wrong secret for it.
    const [hook] = await asRole(
      t.sql,
      admin,
      (tx) => tx<{ id: string; secret: string }[]>`
        select * from public.create_incoming_webhook(${t.world.ch.plaza}, 'CI', ':robot_face:')`
    )
    secrets.webhookSecret = hook!.secret
    secrets.wrongWebhookSecret = secretish()
    const posted = await fetch(api(`/functions/v1/webhooks/${hook!.id}/${hook!.secret}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'build passed' }),
    })
    expect([posted.status, await posted.text()]).toEqual([200, 'ok'])
    const wrong = await fetch(
      api(`/functions/v1/webhooks/${hook!.id}/${secrets.wrongWebhookSecret}`),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' }
    )
    expect(wrong.status).toBe(403)
    await wrong.text()

    // A slash command's response_url (the run and its secret as the function hands them out).
    secrets.responseUrlSecret = secretish().slice(0, 32)
    const respond = await fetch(
      api(`/functions/v1/slash-commands/respond/${randomUUID()}/${secrets.responseUrlSecret}`),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"hi"}' }
    )
    expect(respond.status).toBe(404)
    await respond.text()

    // An unsubscribe link of a notification email, clicked and one-click posted.
    const [token] = await t.sql<{ email_token: string }[]>`
      select email_token from public.notification_settings where user_id = ${member.id}`.catch(
      () => [] as { email_token: string }[]
    )
    secrets.unsubscribeToken = token?.email_token ?? secretish()
    for (const method of ['GET', 'POST']) {
      const answer = await fetch(
        api(
          `/functions/v1/notifications-email?unsubscribe=${encodeURIComponent(secrets.unsubscribeToken)}`
        ),
        { method, redirect: 'manual' }
      )
      expect(answer.status).toBeLessThan(500)
      await answer.text()
    }

    // Storage: a signed download URL and a signed upload URL, both used.
    const service = createClient(t.stack.apiUrl, t.stack.keys.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const object = `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/notes.txt`
    const uploaded = await service.storage.from('attachments').upload(object, 'secret notes')
    expect(uploaded.error).toBeNull()
    const signed = await service.storage.from('attachments').createSignedUrl(object, 60)
    expect(signed.error).toBeNull()
    secrets.signedUrlToken = new URL(signed.data!.signedUrl).searchParams.get('token')!
    const download = await fetch(signed.data!.signedUrl)
    expect(await download.text()).toBe('secret notes')
    const other = `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/more.txt`
    const upload = await service.storage.from('attachments').createSignedUploadUrl(other)
    expect(upload.error).toBeNull()
    secrets.signedUploadToken = upload.data!.token
    const put = await service.storage
      .from('attachments')
      .uploadToSignedUrl(other, upload.data!.token, 'more')
    expect(put.error).toBeNull()

    // apikey= and access_token= in query strings (REST, and Realtime's socket as realtime-js opens it).
    const rest = await fetch(
      api(
        `/rest/v1/channels?select=id&apikey=${t.stack.keys.publishableKey}&access_token=${member.token}`
      ),
      { headers: { apikey: t.stack.keys.publishableKey, Authorization: `Bearer ${member.token}` } }
    )
    // PostgREST takes them for filters on columns that do not exist: a 400, logged all the same.
    expect(rest.status).toBe(400)
    await rest.text()
    const person = createClient(t.stack.apiUrl, t.stack.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    await person.realtime.setAuth(member.token)
    await new Promise<void>((resolve, reject) => {
      const channel = person.channel(`live:user:${member.id}`, { config: { private: true } })
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status))
      })
    })
    await person.removeAllChannels()

    // Auth: a verification link's token, and a sign-up's password in a body.
    secrets.verifyToken = secretish()
    const verify = await fetch(
      api(
        `/auth/v1/verify?token=${secrets.verifyToken}&type=signup&redirect_to=https://chat.example.com`
      ),
      { headers: { apikey: t.stack.keys.publishableKey }, redirect: 'manual' }
    )
    expect(verify.status).toBeLessThan(500)
    await verify.text()
    secrets.password = `pw-${secretish()}`
    const signup = await fetch(api('/auth/v1/signup'), {
      method: 'POST',
      headers: { apikey: t.stack.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `log-${randomUUID()}@example.com`,
        password: secrets.password,
      }),
    })
    expect(signup.status).toBeLessThan(500)
    await signup.text()

    // A bot token: refused in the query string as Slack refuses it, taken from the header.
    const [bot] = await asRole(
      t.sql,
      admin,
      (tx) => tx<{ token: string }[]>`select * from public.create_bot(${t.world.ws}, 'Deploy Bot')`
    )
    secrets.botToken = bot!.token
    for (const method of ['GET', 'POST']) {
      const refused = await fetch(api(`/functions/v1/slack-api/auth.test?token=${bot!.token}`), {
        method,
      })
      expect(refused.status).toBe(200)
      expect(await refused.json()).toEqual({
        ok: false,
        error: 'not_authed',
        response_metadata: {
          messages: [
            '[ERROR] A token in the query string is not accepted: send it in the Authorization header (Bearer) or in the POST body.',
          ],
        },
      })
    }
    const taken = await fetch(api('/functions/v1/slack-api/auth.test'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bot!.token}` },
    })
    expect(((await taken.json()) as { ok: boolean }).ok).toBe(true)
    const inBody = await fetch(api('/functions/v1/slack-api/auth.test'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${bot!.token}`,
    })
    expect(((await inBody.json()) as { ok: boolean }).ok).toBe(true)
  }, 60_000)

  it('logged each request with its URL redacted', () => {
    const lines = t.captured.split('\n')
    const logged = (pattern: RegExp) => lines.some((line) => pattern.test(line))
    expect(logged(/POST \/functions\/v1\/webhooks\/[0-9a-f-]{36}\/\[REDACTED\] 200 /)).toBe(true)
    expect(logged(/POST \/functions\/v1\/webhooks\/[0-9a-f-]{36}\/\[REDACTED\] 403 /)).toBe(true)
    expect(
      logged(/POST \/functions\/v1\/slash-commands\/respond\/[0-9a-f-]{36}\/\[REDACTED\] 404 /)
    ).toBe(true)
    expect(logged(/GET \/functions\/v1\/notifications-email\?unsubscribe=\[REDACTED\] /)).toBe(true)
    expect(
      logged(/GET \/storage\/v1\/object\/sign\/attachments\/\S+\?token=\[REDACTED\] 200 /)
    ).toBe(true)
    expect(
      logged(
        /GET \/rest\/v1\/channels\?select=\[REDACTED\]&apikey=\[REDACTED\]&access_token=\[REDACTED\] 400 /
      )
    ).toBe(true)
    expect(logged(/GET \/functions\/v1\/slack-api\/auth\.test\?token=\[REDACTED\] 200 /)).toBe(true)
  })

  it('holds none of the secrets', () => {
    expect(Object.keys(secrets).length).toBeGreaterThanOrEqual(12)
    const found = Object.entries(secrets)
      .filter(([, value]) => value && t.captured.includes(value))
      .map(([name]) => name)
    expect(found).toEqual([])
  })
})
