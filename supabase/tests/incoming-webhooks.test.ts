// Slack-compatible incoming webhooks end to end on the real stack: an admin makes one with the
// RPC, real HTTP POSTs of Slack's payloads reach the `webhooks` Edge Function, and the message is
// read back as a channel member reads it. Slack's answers and status codes; nothing stored for a
// refused post; the secret kept only as a hash; regenerate and revoke at once; the rate limit.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, asUser, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

interface Hook {
  id: string
  secret: string
  url: string
}

async function createHook(person: Person, channel: string, name = 'CI Builds'): Promise<Hook> {
  const [row] = await asRole(
    stack.sql,
    person,
    (tx) => tx<{ id: string; secret: string }[]>`
      select * from public.create_incoming_webhook(${channel}, ${name}, ':robot_face:')`
  )
  return { ...row!, url: `${stack.url}/functions/v1/webhooks/${row!.id}/${row!.secret}` }
}

async function post(url: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, text: await response.text(), headers: response.headers }
}

const countIn = async (channel: string) =>
  Number(
    (
      await stack.sql<
        { n: string }[]
      >`select count(*) as n from public.messages where channel_id = ${channel}`
    )[0]!.n
  )

/** The channel's newest message as its member reads it, with its integration row. */
async function newest(person: Person, channel: string) {
  return asRole(stack.sql, person, async (tx) => {
    const [m] = await tx<{ id: string; body: string; author_id: string | null }[]>`
      select id, body, author_id from public.messages
      where channel_id = ${channel} order by seq desc limit 1`
    const [i] = await tx<
      { app_name: string; username: string | null; icon_emoji: string | null }[]
    >`
      select app_name, username, icon_emoji from public.integration_messages where message_id = ${m!.id}`
    return { ...m!, integration: i }
  })
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  // No refill during a test: the limit is counted, not timed.
  await stack.sql`update private.integration_config set value = 0 where name = 'webhook_per_second'`
})

afterAll(async () => {
  await stack?.stop()
})

describe('creating a webhook', () => {
  it('keeps only the hash of the secret, and never shows it to anyone', async () => {
    const hook = await createHook(world.people.admin, world.ch.plaza)
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    const [stored] = await stack.sql<{ secret_hash: Buffer }[]>`
      select secret_hash from public.incoming_webhooks where id = ${hook.id}`
    expect(stored!.secret_hash.toString('hex')).not.toContain(
      Buffer.from(hook.secret).toString('hex')
    )
    expect(stored!.secret_hash).toHaveLength(32)
    const refused = await asRole(
      stack.sql,
      world.people.admin,
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
    expect(await refusal(world.people.member, world.ch.plaza)).toBe(
      '42501 Only a workspace owner or admin can manage integrations.'
    )
    expect(await refusal(world.people.admin, world.ch.quiet)).toBe('22023 Channel not found.')
    expect(await refusal(world.people.owner, world.ch.dm)).toMatch(
      /^22023 A webhook posts to a channel/
    )
    expect(await refusal(world.people.outsider, world.ch.plaza)).toBe('22023 Channel not found.')
  })
})

describe('posting', () => {
  it("shows Slack's documented payload as the integration's message, to the channel's members", async () => {
    const hook = await createHook(world.people.owner, world.ch.plaza)
    const before = await countIn(world.ch.plaza)
    const answer = await post(hook.url, {
      text: 'Danny Torrence left a 1 star review for your property.',
      username: 'ghost-bot',
      icon_emoji: ':ghost:',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'New review' } },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: 'Danny Torrence left the following review for your property:',
          },
        },
        { type: 'divider' },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: '<https://example.com|Overlook Hotel> \n :star: \n Doors had too many axe holes, *guest* in room 237 was ~far~ too rowdy.',
          },
          fields: [
            { type: 'mrkdwn', text: '*Average Rating*\n1.0' },
            { type: 'plain_text', text: 'Room 237 *unchanged*' },
          ],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'Posted by <@U0123|danny>' }] },
      ],
      attachments: [
        {
          fallback: 'Build 42 failed',
          color: 'danger',
          title: 'Build 42',
          title_link: 'https://ci.example.com/42',
          text: 'Failed at _test_ step',
          fields: [{ title: 'Branch', value: '`main`', short: true }],
        },
      ],
    })
    expect(answer).toMatchObject({ status: 200, text: 'ok' })
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await countIn(world.ch.plaza)).toBe(before + 1)
    const message = await newest(world.people.member, world.ch.plaza)
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
    const [row] = await stack.sql<{ last_used_at: Date | null }[]>`
      select last_used_at from public.incoming_webhooks where id = ${hook.id}`
    expect(row!.last_used_at).not.toBeNull()
    // members of another channel do not read it
    const hidden = await asRole(
      stack.sql,
      world.people.member2,
      (tx) => tx`select 1 from public.integration_messages where channel_id = ${world.ch.plaza}`
    )
    expect(hidden).toHaveLength(0)
  })

  it("takes Slack's form encoding (payload=…) too", async () => {
    const hook = await createHook(world.people.owner, world.ch.plaza)
    const form = new URLSearchParams({ payload: JSON.stringify({ text: 'from a form' }) })
    const answer = await post(hook.url, form.toString(), 'application/x-www-form-urlencoded')
    expect(answer).toMatchObject({ status: 200, text: 'ok' })
    expect((await newest(world.people.owner, world.ch.plaza)).body).toBe('from a form')
  })

  it("answers bad payloads with Slack's errors and stores nothing", async () => {
    const hook = await createHook(world.people.owner, world.ch.plaza)
    const before = await countIn(world.ch.plaza)
    let deep: unknown = { text: 'deep' }
    for (let i = 0; i < 50; i++) deep = { attachments: [deep] }
    const cases: [unknown, number, string, string?][] = [
      ['not json', 400, 'invalid_payload'],
      [[1, 2], 400, 'invalid_payload'],
      [{ text: 5 }, 400, 'invalid_payload'],
      [{}, 400, 'no_text'],
      [{ text: '' }, 400, 'no_text'],
      [{ text: 'hi', attachments: 'nope' }, 400, 'invalid_payload'],
      [{ text: '<script>alert(1)</script>' }, 400, 'invalid_payload', 'HTML is not allowed'],
      [{ text: '<b>bold</b>' }, 400, 'invalid_payload'],
      [{ text: 'click <javascript:alert(1)|here>' }, 400, 'invalid_payload', 'only http'],
      [
        { attachments: [{ title: 'x', title_link: 'javascript:alert(1)' }] },
        400,
        'invalid_payload',
      ],
      [{ blocks: [{ type: 'section', text: { type: 'html', text: 'x' } }] }, 400, 'invalid_blocks'],
      [{ blocks: [{ type: 'section' }] }, 400, 'invalid_blocks'],
      [{ text: 'x', icon_url: 'http://insecure.example/a.png' }, 400, 'invalid_payload'],
      [{ text: 'x'.repeat(4001) }, 400, 'msg_too_long'],
      [
        { text: 'x', attachments: Array.from({ length: 101 }, () => ({ text: 'a' })) },
        400,
        'too_many_attachments',
      ],
      [deep, 400, 'invalid_payload', 'nested deeper'],
      [{ text: 'y'.repeat(70_000) }, 400, 'invalid_payload', 'larger than'],
      [{ text: `<@${world.people.member2.id}> hi` }, 400, 'user_not_found'],
    ]
    for (const [body, status, text, detail] of cases) {
      const answer = await post(hook.url, body)
      expect({ body, status: answer.status, text: answer.text }).toEqual({ body, status, text })
      expect(answer.headers.get('x-chorus-error')).toBeTruthy()
      if (detail) expect(answer.headers.get('x-chorus-error')).toContain(detail)
    }
    const unsupported = await post(hook.url, '<x/>', 'application/xml')
    expect(unsupported).toMatchObject({ status: 400, text: 'invalid_payload' })
    expect(await countIn(world.ch.plaza)).toBe(before)
    expect(
      (await stack.sql`select 1 from public.integration_messages where webhook_id = ${hook.id}`)
        .length
    ).toBe(0)
  })

  it('escapes HTML written as Slack writes it (entities) and shows it as text', async () => {
    const hook = await createHook(world.people.owner, world.ch.plaza)
    const answer = await post(hook.url, { text: '&lt;b&gt;not bold&lt;/b&gt; &amp; more' })
    expect(answer.text).toBe('ok')
    expect((await newest(world.people.owner, world.ch.plaza)).body).toBe(
      '\\<b\\>not bold\\</b\\> & more'
    )
  })
})

describe('the URL', () => {
  it('is refused at once after regenerating (invalid_token), the new one works', async () => {
    const hook = await createHook(world.people.admin, world.ch.plaza)
    const secret = await asRole(
      stack.sql,
      world.people.admin,
      async (tx) =>
        (await tx<{ s: string }[]>`select public.regenerate_incoming_webhook(${hook.id}) as s`)[0]!
          .s
    )
    expect(await post(hook.url, { text: 'old' })).toMatchObject({
      status: 403,
      text: 'invalid_token',
    })
    const fresh = `${stack.url}/functions/v1/webhooks/${hook.id}/${secret}`
    expect(await post(fresh, { text: 'new' })).toMatchObject({ status: 200, text: 'ok' })
  })

  it('is refused at once after revoking (no_service), and only admins revoke', async () => {
    const hook = await createHook(world.people.admin, world.ch.plaza)
    const byMember = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx`select public.revoke_incoming_webhook(${hook.id})`
    ).then(
      () => 'revoked',
      (e: { message?: string }) => e.message
    )
    expect(byMember).toBe('Webhook not found.')
    expect(await post(hook.url, { text: 'still on' })).toMatchObject({ status: 200 })
    await asRole(
      stack.sql,
      world.people.owner,
      (tx) => tx`select public.revoke_incoming_webhook(${hook.id})`
    )
    expect(await post(hook.url, { text: 'gone' })).toMatchObject({
      status: 404,
      text: 'no_service',
    })
  })

  it('answers unknown webhooks, wrong secrets and other methods', async () => {
    const hook = await createHook(world.people.admin, world.ch.plaza)
    const base = `${stack.url}/functions/v1/webhooks`
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
      stack.sql,
      world.people.owner,
      async (tx) =>
        (
          await tx<
            { id: string }[]
          >`select id from public.create_channel(${world.ws}, ${`arch-${randomUUID().slice(0, 6)}`})`
        )[0]!.id
    )
    const hook = await createHook(world.people.owner, channel)
    await asUser(
      stack.sql,
      world.people.owner,
      (tx) => tx`select public.archive_channel(${channel})`
    )
    expect(await post(hook.url, { text: 'x' })).toMatchObject({
      status: 410,
      text: 'channel_is_archived',
    })
  })

  it('is rate-limited per webhook (429 rate_limited with Retry-After)', async () => {
    const [busy, other] = [
      await createHook(world.people.owner, world.ch.plaza),
      await createHook(world.people.owner, world.ch.plaza),
    ]
    await stack.sql`update public.incoming_webhooks set tokens = 2 where id = ${busy.id}`
    expect((await post(busy.url, { text: '1' })).status).toBe(200)
    expect((await post(busy.url, { text: '2' })).status).toBe(200)
    const limited = await post(busy.url, { text: '3' })
    expect(limited).toMatchObject({ status: 429, text: 'rate_limited' })
    expect(limited.headers.get('retry-after')).toBe('60')
    expect((await post(other.url, { text: 'other' })).status).toBe(200)
  })

  it('cannot be used with a person’s key: posting is for the service role only', async () => {
    const hook = await createHook(world.people.owner, world.ch.plaza)
    const refused = await asRole(
      stack.sql,
      world.people.owner,
      (tx) =>
        tx`select public.post_incoming_webhook(${hook.id}, ${hook.secret}, ${randomUUID()}, 'x')`
    ).then(
      () => 'posted',
      (e: { code?: string }) => e.code
    )
    expect(refused).toBe('42501')
  })
})
