// Slack-compatible incoming webhooks end to end on the real stack: an admin makes one with the
// RPC, real HTTP POSTs of Slack's payloads reach the `webhooks` Edge Function, and the message is
// read back as a channel member reads it. Slack's answers and status codes; nothing stored for a
// refused post; the secret kept only as a hash; regenerate and revoke at once; the rate limit.
// The set-up and the payloads are support/webhooks.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { badPayloads, post, REVIEW_PAYLOAD, useWebhooksStack } from './support/webhooks.ts'
import { asRole, asUser } from './support/world.ts'
import type { Person } from './support/world.ts'

const h = useWebhooksStack()
const { createHook, countIn, newest } = h

describe('creating a webhook', () => {
  it('keeps only the hash of the secret, and never shows it to anyone', async () => {
    const hook = await createHook(h.world.people.admin, h.world.ch.plaza)
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    const [stored] = await h.stack.sql<{ secret_hash: Buffer }[]>`
      select secret_hash from public.incoming_webhooks where id = ${hook.id}`
    expect(stored!.secret_hash.toString('hex')).not.toContain(
      Buffer.from(hook.secret).toString('hex')
    )
    expect(stored!.secret_hash).toHaveLength(32)
    const refused = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx`select secret_hash from public.incoming_webhooks`
    ).then(
      () => 'read',
      (e: { code?: string }) => e.code
    )
    expect(refused).toBe('42501')
  })

  it('is for owners and admins only, in channels they can see, never a DM', async () => {
    const refusal = (person: Person, channel: string) =>
      createHook(person, channel).then(
        () => 'made',
        (e: { code?: string; message?: string }) => `${e.code} ${e.message}`
      )
    expect(await refusal(h.world.people.member, h.world.ch.plaza)).toBe(
      '42501 Only a workspace owner or admin can manage integrations.'
    )
    expect(await refusal(h.world.people.admin, h.world.ch.quiet)).toBe('22023 Channel not found.')
    expect(await refusal(h.world.people.owner, h.world.ch.dm)).toMatch(
      /^22023 A webhook posts to a channel/
    )
    expect(await refusal(h.world.people.outsider, h.world.ch.plaza)).toBe(
      '22023 Channel not found.'
    )
  })
})

describe('posting', () => {
  it("shows Slack's documented payload as the integration's message, to the channel's members", async () => {
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    const before = await countIn(h.world.ch.plaza)
    const answer = await post(hook.url, REVIEW_PAYLOAD)
    expect(answer).toMatchObject({ status: 200, text: 'ok' })
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await countIn(h.world.ch.plaza)).toBe(before + 1)
    const message = await newest(h.world.people.member, h.world.ch.plaza)
    expect(message.author_id).toBeNull()
    expect(message.integration).toEqual({
      app_name: 'CI Builds',
      username: 'ghost-bot',
      icon_emoji: ':ghost:',
    })
    expect(message.body).toContain('**New review**')
    expect(message.body).toContain('[Overlook Hotel](<https://example.com>)')
    expect(message.body).toContain('**guest** in room 237 was ~~far~~ too rowdy.')
    expect(message.body).toContain('Room 237 \\*unchanged\\*')
    expect(message.body).toContain('\n---\n')
    expect(message.body).toContain('_Posted by @danny_')
    expect(message.body).toContain('> 🟥 **[Build 42](<https://ci.example.com/42>)**')
    expect(message.body).toContain('> `main`')
    // the last use shows in the list
    const [row] = await h.stack.sql<{ last_used_at: Date | null }[]>`
      select last_used_at from public.incoming_webhooks where id = ${hook.id}`
    expect(row!.last_used_at).not.toBeNull()
    // members of another channel do not read it
    const hidden = await asRole(
      h.stack.sql,
      h.world.people.member2,
      (tx) => tx`select 1 from public.integration_messages where channel_id = ${h.world.ch.plaza}`
    )
    expect(hidden).toHaveLength(0)
  })

  it("takes Slack's form encoding (payload=…) too", async () => {
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    const form = new URLSearchParams({ payload: JSON.stringify({ text: 'from a form' }) })
    const answer = await post(hook.url, form.toString(), 'application/x-www-form-urlencoded')
    expect(answer).toMatchObject({ status: 200, text: 'ok' })
    expect((await newest(h.world.people.owner, h.world.ch.plaza)).body).toBe('from a form')
  })

  it("answers bad payloads with Slack's errors and stores nothing", async () => {
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    const before = await countIn(h.world.ch.plaza)
    const cases = badPayloads(h.world.people.member2)
    for (const [body, status, text, detail] of cases) {
      const answer = await post(hook.url, body)
      expect({ body, status: answer.status, text: answer.text }).toEqual({ body, status, text })
      expect(answer.headers.get('x-chorus-error')).toBeTruthy()
      if (detail) expect(answer.headers.get('x-chorus-error')).toContain(detail)
    }
    const unsupported = await post(hook.url, '<x/>', 'application/xml')
    expect(unsupported).toMatchObject({ status: 400, text: 'invalid_payload' })
    expect(await countIn(h.world.ch.plaza)).toBe(before)
    expect(
      (await h.stack.sql`select 1 from public.integration_messages where webhook_id = ${hook.id}`)
        .length
    ).toBe(0)
  })

  it('escapes HTML written as Slack writes it (entities) and shows it as text', async () => {
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    const answer = await post(hook.url, { text: '&lt;b&gt;not bold&lt;/b&gt; &amp; more' })
    expect(answer.text).toBe('ok')
    expect((await newest(h.world.people.owner, h.world.ch.plaza)).body).toBe(
      '\\<b\\>not bold\\</b\\> & more'
    )
  })
})

describe('the URL', () => {
  it('is refused at once after regenerating (invalid_token), the new one works', async () => {
    const hook = await createHook(h.world.people.admin, h.world.ch.plaza)
    const secret = await asRole(
      h.stack.sql,
      h.world.people.admin,
      async (tx) =>
        (await tx<{ s: string }[]>`select public.regenerate_incoming_webhook(${hook.id}) as s`)[0]!
          .s
    )
    expect(await post(hook.url, { text: 'old' })).toMatchObject({
      status: 403,
      text: 'invalid_token',
    })
    const fresh = `${h.stack.url}/functions/v1/webhooks/${hook.id}/${secret}`
    expect(await post(fresh, { text: 'new' })).toMatchObject({ status: 200, text: 'ok' })
  })

  it('is refused at once after revoking (no_service), and only admins revoke', async () => {
    const hook = await createHook(h.world.people.admin, h.world.ch.plaza)
    const byMember = await asRole(
      h.stack.sql,
      h.world.people.member,
      (tx) => tx`select public.revoke_incoming_webhook(${hook.id})`
    ).then(
      () => 'revoked',
      (e: { message?: string }) => e.message
    )
    expect(byMember).toBe('Webhook not found.')
    expect(await post(hook.url, { text: 'still on' })).toMatchObject({ status: 200 })
    await asRole(
      h.stack.sql,
      h.world.people.owner,
      (tx) => tx`select public.revoke_incoming_webhook(${hook.id})`
    )
    expect(await post(hook.url, { text: 'gone' })).toMatchObject({
      status: 404,
      text: 'no_service',
    })
  })

  it('answers unknown webhooks, wrong secrets and other methods', async () => {
    const hook = await createHook(h.world.people.admin, h.world.ch.plaza)
    const base = `${h.stack.url}/functions/v1/webhooks`
    expect(await post(`${base}/${randomUUID()}/whatever`, { text: 'x' })).toMatchObject({
      status: 404,
      text: 'no_service',
    })
    expect(await post(`${base}/not-a-uuid/x`, { text: 'x' })).toMatchObject({ status: 404 })
    expect(await post(`${base}/${hook.id}/${'A'.repeat(64)}`, { text: 'x' })).toMatchObject({
      status: 403,
      text: 'invalid_token',
    })
    expect(await post(`${base}/${hook.id}`, { text: 'x' })).toMatchObject({ status: 403 })
    const get = await fetch(hook.url)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it("answers channel_is_archived (410) for an archived channel's webhook", async () => {
    const channel = await asUser(
      h.stack.sql,
      h.world.people.owner,
      async (tx) =>
        (
          await tx<
            { id: string }[]
          >`select id from public.create_channel(${h.world.ws}, ${`arch-${randomUUID().slice(0, 6)}`})`
        )[0]!.id
    )
    const hook = await createHook(h.world.people.owner, channel)
    await asUser(
      h.stack.sql,
      h.world.people.owner,
      (tx) => tx`select public.archive_channel(${channel})`
    )
    expect(await post(hook.url, { text: 'x' })).toMatchObject({
      status: 410,
      text: 'channel_is_archived',
    })
  })

  it('is rate-limited per webhook (429 rate_limited with Retry-After)', async () => {
    const [busy, other] = [
      await createHook(h.world.people.owner, h.world.ch.plaza),
      await createHook(h.world.people.owner, h.world.ch.plaza),
    ]
    await h.stack.sql`update public.incoming_webhooks set tokens = 2 where id = ${busy.id}`
    expect((await post(busy.url, { text: '1' })).status).toBe(200)
    expect((await post(busy.url, { text: '2' })).status).toBe(200)
    const limited = await post(busy.url, { text: '3' })
    expect(limited).toMatchObject({ status: 429, text: 'rate_limited' })
    expect(limited.headers.get('retry-after')).toBe('60')
    expect((await post(other.url, { text: 'other' })).status).toBe(200)
  })

  it('is refused in SQL with a Chorus code each, which the function answers as Slack does', async () => {
    const refusal = (id: string, secret: string) =>
      h.stack.sql`select public.post_incoming_webhook(${id}, ${secret}, ${randomUUID()}, 'x')`.then(
        () => null,
        (e: { code?: string; detail?: string; hint?: string }) => ({
          code: e.code,
          detail: e.detail,
          hint: e.hint,
        })
      )
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    expect(await refusal(randomUUID(), hook.secret)).toMatchObject({
      code: '22023',
      detail: 'webhook_not_found',
    })
    expect(await refusal(hook.id, 'wrong')).toMatchObject({
      code: '42501',
      detail: 'webhook_secret_invalid',
    })
    // The rate limit's seconds to wait are in the hint; the refused call leaves the bucket as it was.
    await h.stack.sql`update public.incoming_webhooks set tokens = 0.5 where id = ${hook.id}`
    const [before] = await h.stack.sql`
      select tokens, tokens_at from public.incoming_webhooks where id = ${hook.id}`
    const limited = await refusal(hook.id, hook.secret)
    expect(limited).toMatchObject({ code: 'PT429', detail: 'rate_limited' })
    expect(JSON.parse(limited!.hint!)).toEqual({ retry_after: 60 })
    expect(
      await h.stack
        .sql`select tokens, tokens_at from public.incoming_webhooks where id = ${hook.id}`
    ).toEqual([before])
    await asRole(
      h.stack.sql,
      h.world.people.owner,
      (tx) => tx`select public.revoke_incoming_webhook(${hook.id})`
    )
    expect(await refusal(hook.id, hook.secret)).toMatchObject({
      code: '22023',
      detail: 'webhook_revoked',
    })
  })

  it('cannot be used with a person’s key: posting is for the service role only', async () => {
    const hook = await createHook(h.world.people.owner, h.world.ch.plaza)
    const refused = await asRole(
      h.stack.sql,
      h.world.people.owner,
      (tx) =>
        tx`select public.post_incoming_webhook(${hook.id}, ${hook.secret}, ${randomUUID()}, 'x')`
    ).then(
      () => 'posted',
      (e: { code?: string }) => e.code
    )
    expect(refused).toBe('42501')
  })
})
