// Outgoing events end to end on the real stack (supabase/migrations/*_chorus_outgoing_events.sql
// and supabase/functions/events-deliver), with a local HTTP receiver (support/events-kit.ts): the
// url_verification handshake, each event type delivered once in Slack's envelope with a signature
// the test recomputes, only the chosen types, private channels and DMs kept out, bad requests.
// Retries, backoff, failing and pausing: events-retries.test.ts.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { eventsHarness } from './support/events-kit.ts'
import { signatureValid } from './support/events-receiver.ts'
import { asRole, asUser, createPerson, makeMessage } from './support/world.ts'

const h = eventsHarness()
const { subscribe, callFunction, verify, verified, deliveriesOf, requestsTo } = h

describe('url verification', () => {
  it("verifies a URL that echoes Slack's challenge, signed with the subscription's secret", async () => {
    const sub = await subscribe(h.world.people.admin, 'ok')
    expect(sub.secret).toMatch(/^[0-9a-f]{32}$/)
    expect(await verify(sub)).toEqual({ status: 200, json: { verified: true } })
    const [challenge] = h.receiver.at(new URL(sub.url).pathname)
    expect(challenge!.json).toMatchObject({ type: 'url_verification' })
    expect(challenge!.json.challenge).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge!.json.token).toMatch(/^[0-9a-f]{24}$/)
    expect(challenge!.body).not.toContain(sub.secret)
    expect(signatureValid(challenge!, sub.secret)).toBe(true)
    const [row] = await h.stack
      .sql`select url_verified, verification_error from public.event_subscriptions where id = ${sub.id}`
    expect(row).toEqual({ url_verified: true, verification_error: null })
  })

  it('leaves a URL that answers something else unverified, and sends it no events', async () => {
    const sub = await subscribe(h.world.people.admin, 'wrong')
    expect(await verify(sub)).toEqual({
      status: 200,
      json: { verified: false, error: 'The URL did not answer with the challenge.' },
    })
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'nobody hears this')
    expect(await deliveriesOf(sub)).toHaveLength(0)
  })

  it('is asked only by who can read the subscription', async () => {
    const sub = await subscribe(h.world.people.admin, 'ok')
    expect(await verify(sub, h.world.people.member)).toEqual({
      status: 404,
      json: { error: 'not_found' },
    })
    expect(await verify(sub, h.world.people.outsider)).toMatchObject({ status: 404 })
    // no session at all (the function takes calls without a JWT check)
    expect(await callFunction({ verify: sub.id })).toMatchObject({ status: 404 })
    expect(await callFunction({ verify: 'x' }, h.world.people.admin)).toMatchObject({ status: 400 })
    expect(h.receiver.at(new URL(sub.url).pathname)).toHaveLength(0)
  })
})

describe('bad requests', () => {
  it('answers them with a clear JSON error and sends nothing', async () => {
    const url = `${h.stack.url}/functions/v1/events-deliver`
    const call = async (init: RequestInit) => {
      const response = await fetch(url, {
        ...init,
        headers: { apikey: h.stack.anonKey, 'Content-Type': 'application/json' },
      })
      return { status: response.status, json: (await response.json()) as unknown }
    }
    const before = h.receiver.received.length
    expect(await call({ method: 'POST', body: '{not json' })).toEqual({
      status: 400,
      json: { error: 'invalid_json' },
    })
    expect(await call({ method: 'POST', body: '[1, 2]' })).toEqual({
      status: 400,
      json: { error: 'invalid_request' },
    })
    expect(await call({ method: 'POST', body: JSON.stringify({ verify: 42 }) })).toEqual({
      status: 400,
      json: { error: 'invalid_request' },
    })
    expect(await call({ method: 'POST', body: 'x'.repeat(20_000) })).toEqual({
      status: 413,
      json: { error: 'too_large' },
    })
    expect(await call({ method: 'GET' })).toEqual({
      status: 405,
      json: { error: 'method_not_allowed' },
    })
    expect(h.receiver.received.length).toBe(before)
  })
})

describe('delivery', () => {
  it('delivers each event type once, in Slack’s envelope, signed', async () => {
    const sub = await verified(h.world.people.owner, 'ok')
    const parent = await makeMessage(
      h.stack.sql,
      h.world.people.member,
      h.world.ch.plaza,
      'hello *all*'
    )
    const reply = randomUUID()
    await asUser(
      h.stack.sql,
      h.world.people.admin,
      (tx) =>
        tx`select public.send_message(${reply}, ${h.world.ch.plaza}, 'a reply', '[]'::jsonb, ${parent})`
    )
    await asUser(
      h.stack.sql,
      h.world.people.admin,
      (tx) =>
        tx`insert into public.reactions (message_id, user_id, emoji) values (${parent}, ${h.world.people.admin.id}, ':tada:')`
    )
    await asUser(
      h.stack.sql,
      h.world.people.member2,
      (tx) =>
        tx`insert into public.channel_members (channel_id, user_id) values (${h.world.ch.plaza}, ${h.world.people.member2.id})`
    )
    const newcomer = await createPerson(h.stack, 'newcomer')
    const [invite] = await asUser(
      h.stack.sql,
      h.world.people.owner,
      (tx) => tx<{ token: string }[]>`select token from public.create_invite(${h.world.ws})`
    )
    await asUser(h.stack.sql, newcomer, (tx) => tx`select public.accept_invite(${invite!.token})`)

    expect(await callFunction({})).toMatchObject({ status: 200 })
    const requests = requestsTo(sub)
    const byType = (t: string) =>
      requests.filter((r) => (r.json.event as { type: string }).type === t)
    const [times] = await h.stack.sql<{ parent_ts: string; reply_ts: string }[]>`
      select private.slack_ts((select created_at from public.messages where id = ${parent})) as parent_ts,
             private.slack_ts((select created_at from public.messages where id = ${reply})) as reply_ts`
    for (const r of requests) {
      expect(signatureValid(r, sub.secret)).toBe(true)
      expect(r.headers['content-type']).toBe('application/json')
      expect(r.headers['x-slack-retry-num']).toBeUndefined()
      expect(r.json).toMatchObject({
        type: 'event_callback',
        team_id: h.world.ws,
        api_app_id: sub.id,
      })
      expect(r.json.event_id).toMatch(/^Ev[0-9A-F]{12}$/)
      expect(typeof r.json.event_time).toBe('number')
    }
    // Delivered in parallel (as Slack's are): in any order, each once.
    const messages = byType('message').sort((a, b) =>
      String((a.json.event as { ts: string }).ts).localeCompare(
        String((b.json.event as { ts: string }).ts)
      )
    )
    expect(messages.map((r) => r.json.event)).toEqual([
      {
        type: 'message',
        channel: h.world.ch.plaza,
        user: h.world.people.member.id,
        text: 'hello *all*',
        ts: times!.parent_ts,
        event_ts: times!.parent_ts,
        channel_type: 'channel',
      },
      {
        type: 'message',
        channel: h.world.ch.plaza,
        user: h.world.people.admin.id,
        text: 'a reply',
        ts: times!.reply_ts,
        event_ts: times!.reply_ts,
        channel_type: 'channel',
        thread_ts: times!.parent_ts,
      },
    ])
    expect(byType('reaction_added').map((r) => r.json.event)).toEqual([
      expect.objectContaining({
        type: 'reaction_added',
        user: h.world.people.admin.id,
        reaction: 'tada',
        item_user: h.world.people.member.id,
        item: { type: 'message', channel: h.world.ch.plaza, ts: times!.parent_ts },
      }),
    ])
    const joined = byType('member_joined_channel').map((r) => r.json.event)
    expect(joined).toContainEqual(
      expect.objectContaining({
        user: h.world.people.member2.id,
        channel: h.world.ch.plaza,
        channel_type: 'C',
        team: h.world.ws,
      })
    )
    // the newcomer joined the workspace and, with it, #general
    expect(joined).toContainEqual(
      expect.objectContaining({ user: newcomer.id, channel: h.world.ch.general })
    )
    expect(byType('team_join').map((r) => r.json.event)).toEqual([
      expect.objectContaining({
        type: 'team_join',
        user: expect.objectContaining({ id: newcomer.id, team_id: h.world.ws, name: 'newcomer' }),
      }),
    ])
    expect(requests).toHaveLength(2 + 1 + joined.length + 1)
    const rows = await deliveriesOf(sub)
    expect(rows.map((d) => [d.status, d.attempts, d.last_status_code])).toEqual(
      rows.map(() => ['delivered', 1, 200])
    )
    expect(new Set(requests.map((r) => r.json.event_id))).toEqual(
      new Set(rows.map((d) => d.event_id))
    )
    // once: nothing is due any more
    await callFunction({})
    expect(requestsTo(sub)).toHaveLength(requests.length)
    expect((await deliveriesOf(sub)).map((d) => d.attempts)).toEqual(rows.map(() => 1))
  })

  it('sends only the chosen event types', async () => {
    const sub = await verified(h.world.people.admin, 'ok', ['reaction_added'])
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'not wanted')
    expect(await deliveriesOf(sub)).toHaveLength(0)
  })

  it('keeps private channels out unless chosen, and direct messages always', async () => {
    const all = await verified(h.world.people.owner, 'ok', ['message'])
    const chosen = await verified(h.world.people.owner, 'ok', ['message'], [h.world.ch.quiet])
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.quiet, 'a secret plan')
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.dm, 'just between us')
    expect(await deliveriesOf(all)).toHaveLength(0)
    const rows = await deliveriesOf(chosen)
    expect(rows.map((d) => [d.payload.channel, d.payload.channel_type])).toEqual([
      [h.world.ch.quiet, 'group'],
    ])
    // an admin who is not in the private channel cannot choose it; nobody can choose a DM
    for (const channel of [h.world.ch.quiet, h.world.ch.dm]) {
      await expect(
        subscribe(h.world.people.admin, 'ok', ['message'], [channel])
      ).rejects.toMatchObject({
        code: '22023',
        message: `Only private channels you are a member of can be chosen; not allowed: ${channel}.`,
        detail: 'event_channel_not_allowed',
      })
    }
    // nor read its deliveries
    const seen = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx`select id from public.event_deliveries where subscription_id = ${chosen.id}`
    )
    expect(seen).toHaveLength(0)
    // once the admin who chose it has left the channel, its events stop
    await asRole(
      h.stack.sql,
      h.world.people.owner,
      (tx) =>
        tx`delete from public.channel_members where channel_id = ${h.world.ch.quiet} and user_id = ${h.world.people.owner.id}`
    )
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.quiet, 'after the owner left')
    expect(await deliveriesOf(chosen)).toHaveLength(1)
  })
})
