// Outgoing events on the real stack, retries (supabase/functions/events-deliver, a local HTTP
// receiver from support/events-kit.ts): a 500 retried at once with Slack's headers, then
// delivered; Slack's backoff (a test moves next_attempt_at as time passing would, after checking
// it), failing and pausing a URL that keeps failing, "Retry now", a receiver that does not answer
// in time. Handshake and delivery: events.test.ts.
import { describe, expect, it } from 'vitest'
import { eventsHarness } from './support/events-kit.ts'
import { signatureValid } from './support/events-receiver.ts'
import { asRole, makeMessage } from './support/world.ts'

const h = eventsHarness()
const { callFunction, verified, deliveriesOf, requestsTo } = h

describe('retries', () => {
  it('retries a 500 at once with the retry headers, then delivers', async () => {
    const sub = await verified(h.world.people.admin, 'flaky-1')
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'try again')
    await callFunction({})
    const [first] = await deliveriesOf(sub)
    expect(first).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_status_code: 500,
      last_error: 'The server answered 500.',
    })
    expect(first!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    await callFunction({})
    const [a, b] = requestsTo(sub)
    expect(a!.json.event_id).toBe(b!.json.event_id)
    expect(a!.headers['x-slack-retry-num']).toBeUndefined()
    expect(b!.headers).toMatchObject({
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_error',
    })
    expect(signatureValid(b!, sub.secret)).toBe(true)
    expect((await deliveriesOf(sub))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status_code: 200,
      last_error: null,
    })
  })

  it('backs off as Slack does (at once, 1 minute, 5 minutes), then fails and pauses a URL that keeps failing', async () => {
    await h.stack
      .sql`update private.integration_config set value = 1 where name = 'events_pause_after'`
    try {
      const sub = await verified(h.world.people.admin, 'fail')
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'doomed')
      const waits: number[] = []
      for (let attempt = 1; attempt <= 4; attempt++) {
        await callFunction({})
        const [d] = await deliveriesOf(sub)
        expect(d!.attempts).toBe(attempt)
        if (attempt < 4) {
          expect(d!.status).toBe('retrying')
          // from the attempt's start: the backoff, plus the attempt's own (short) duration
          waits.push((d!.next_attempt_at.getTime() - d!.last_attempt_at!.getTime()) / 1000)
          // time passes
          await h.stack
            .sql`update public.event_deliveries set next_attempt_at = now() where id = ${d!.id}`
        } else {
          expect(d).toMatchObject({ status: 'failed', last_status_code: 500 })
        }
      }
      expect(waits).toHaveLength(3)
      for (const [i, seconds] of [0, 60, 300].entries()) {
        expect(waits[i]).toBeGreaterThanOrEqual(seconds)
        expect(waits[i]).toBeLessThan(seconds + 30)
      }
      expect(requestsTo(sub).map((r) => r.headers['x-slack-retry-num'])).toEqual([
        undefined,
        '1',
        '2',
        '3',
      ])
      const [s] = await h.stack
        .sql`select active, paused_reason from public.event_subscriptions where id = ${sub.id}`
      expect(s).toEqual({ active: false, paused_reason: 'failing' })
      // paused: nothing new is queued; resumed, events come again
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'while paused')
      expect(await deliveriesOf(sub)).toHaveLength(1)
      await asRole(
        h.stack.sql,
        h.world.people.owner,
        (tx) => tx`select public.set_event_subscription_active(${sub.id}, true)`
      )
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'after resuming')
      expect(await deliveriesOf(sub)).toHaveLength(2)
      // "Retry now": one more attempt for the failed one
      const [failed] = await deliveriesOf(sub)
      const member = await asRole(
        h.stack.sql,
        h.world.people.member,
        (tx) => tx`select public.retry_event_delivery(${failed!.id})`
      ).catch((e: { code?: string }) => e.code)
      expect(member).toBe('22023')
      await asRole(
        h.stack.sql,
        h.world.people.admin,
        (tx) => tx`select public.retry_event_delivery(${failed!.id})`
      )
      expect((await deliveriesOf(sub))[0]).toMatchObject({ status: 'retrying' })
    } finally {
      await h.stack
        .sql`update private.integration_config set value = 20 where name = 'events_pause_after'`
    }
  })

  it('gives up on a receiver that does not answer within 3 s, and retries with http_timeout', async () => {
    const sub = await verified(h.world.people.admin, 'slow-1')
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'slowly')
    await callFunction({})
    const [d] = await deliveriesOf(sub)
    expect(d).toMatchObject({ status: 'retrying', last_status_code: null })
    expect(d!.last_error).toMatch(/time/i)
    await callFunction({})
    expect(requestsTo(sub)[1]!.headers['x-slack-retry-reason']).toBe('http_timeout')
    expect((await deliveriesOf(sub))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
  }, 20_000)
})
