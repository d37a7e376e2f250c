// Web Push end to end on the stack (issue 52): the trigger queues, Supabase Cron runs the job
// (every second here), pg_net posts each batch to the push-notify Edge Function, which encrypts
// and signs with web-push and sends to the device's endpoint: here a push service in this process
// (e2e/support/web-push-service.ts), which decrypts each push with the device's keys and checks its
// VAPID signature. The rules are the browser notifications' (levels, mutes, Do Not Disturb,
// thread follows) and the read position wins; 404/410 remove the device, 429/5xx are retried.
// The push service is on loopback, which the function's outbound guard allows only on a local
// stack with the test setting (CHORUS_OUTBOUND_ALLOW_LOOPBACK=1 in the process environment). The
// set-up and the device helpers are support/web-push.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { makeDeviceKeys } from '../../e2e/support/web-push-service.ts'
import { nextJobRuns, pauseJob, requestsAnswered } from './support/job-runs.ts'
import { useWebPushStack } from './support/web-push.ts'
import { asRole, makeMessage } from './support/world.ts'

const t = useWebPushStack()
const { device, to, messagesTo, pushesOf, settled } = t

describe('Web Push', () => {
  it('pushes a mention once, encrypted for the device and VAPID-signed, with its permalink', async () => {
    const { owner, member } = t.world.people
    const phone = await device(member, 'Pixel')
    const laptop = await device(member, 'Laptop')
    const id = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> deploy?`)
    await expect.poll(() => to(phone).length + to(laptop).length, { timeout: 20_000 }).toBe(2)
    const [push] = pushesOf(phone)
    expect(push).toMatchObject({
      type: 'message',
      title: expect.stringMatching(/ in #plaza$/),
      body: '@member deploy?',
      tag: `chorus:c:${t.world.ch.plaza}`,
      count: 1,
      url: `https://chorus.test/w/${t.world.ws}/c/${t.world.ch.plaza}/m/${id}`,
      icon: 'https://chorus.test/icons/icon-192.png',
    })
    expect(pushesOf(laptop)).toEqual([push])
    // Two more runs of the job, and their requests answered, push nothing more.
    await nextJobRuns(t.stack, 'chorus-push', 2)
    expect(to(phone)).toHaveLength(1)
    const [row] = await t.stack.sql`
      select last_used_at from public.push_subscriptions where id = ${phone.id}`
    expect(row!.last_used_at).not.toBeNull()
  })

  it('follows the levels, mutes, Do Not Disturb and thread follows', async () => {
    const { owner, admin, member } = t.world.people
    const phone = await device(member)
    // Default level (mentions): a plain message in a channel is not pushed, a DM is.
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'lunch?')
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'a word in private')
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(1)
    expect(pushesOf(phone)[0]).toMatchObject({ body: 'a word in private' })
    // @channel is a mention of every member (messages.mentions holds them): pushed at "mentions".
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, '<!channel> standup in 5')
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(2)
    expect(pushesOf(phone)[1]).toMatchObject({ body: '@channel standup in 5' })
    // "all" in #plaza: every message; muted: none; "nothing": not even a mention.
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'all')`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'everyone hears this')
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(3)
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, null, true)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> muted`)
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'nothing', false)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> at nothing`)
    await settled(member)
    expect(to(phone)).toHaveLength(3)
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'default')`
    )
    // Do Not Disturb (a snooze): dropped, not held.
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.snooze_notifications(now() + interval '1 hour')`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'while snoozed')
    await settled(member)
    expect(to(phone)).toHaveLength(3)
    await asRole(t.stack.sql, member, (tx) => tx`select public.snooze_notifications(null)`)
    // Do Not Disturb's daily schedule, now inside it (UTC): dropped too.
    await asRole(
      t.stack.sql,
      member,
      (tx) =>
        tx`select public.set_do_not_disturb(true, (now() at time zone 'UTC' - interval '1 hour')::time,
          (now() at time zone 'UTC' + interval '1 hour')::time, 'UTC')`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'during the schedule')
    await settled(member)
    expect(to(phone)).toHaveLength(3)
    await asRole(t.stack.sql, member, (tx) => tx`select public.set_do_not_disturb(false)`)
    // A thread reply: to whoever follows the thread (the parent's author), not to the others.
    const parent = await makeMessage(t.stack.sql, member, t.world.ch.plaza, 'my question')
    const adminPhone = await device(admin)
    await asRole(
      t.stack.sql,
      owner,
      (tx) =>
        tx`select public.send_message(${randomUUID()}, ${t.world.ch.plaza}, 'an answer', '[]'::jsonb, ${parent})`
    )
    await expect.poll(() => messagesTo(phone).length, { timeout: 20_000 }).toBe(4)
    // Writing in #plaza moved the member's read position past what was pushed: a "read" for it,
    // sent on its own schedule (a moment after the read), not with the answer's push.
    await expect
      .poll(() => pushesOf(phone), { timeout: 20_000 })
      .toContainEqual({ type: 'read', tag: `chorus:c:${t.world.ch.plaza}` })
    expect(messagesTo(phone)[3]).toMatchObject({
      body: 'an answer',
      tag: `chorus:t:${parent}`,
      url: `https://chorus.test/w/${t.world.ws}/c/${t.world.ch.plaza}/t/${parent}`,
    })
    await settled(admin)
    expect(to(adminPhone)).toHaveLength(0)
  })

  it('pushes nothing that was read elsewhere in the meantime, and closes what was pushed once read', async () => {
    const { owner, member } = t.world.people
    const phone = await device(member)
    await t.stack
      .sql`update private.notification_config set value = '3' where name = 'push_delay_seconds'`
    try {
      // On the laptop, active in the workspace: the push waits for the delay.
      await asRole(t.stack.sql, member, (tx) => tx`select public.touch_activity(${t.world.ws})`)
      await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'read on the laptop at once')
      await asRole(t.stack.sql, member, (tx) => tx`select public.mark_read(${t.world.ch.dm})`)
      await settled(member)
      expect(to(phone)).toHaveLength(0)
    } finally {
      await t.stack
        .sql`update private.notification_config set value = '0' where name = 'push_delay_seconds'`
    }
    // Two pushed: the second counts both; reading them sends a silent "read" to close it.
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'one')
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(1)
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'two')
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(2)
    expect(pushesOf(phone)[1]).toMatchObject({
      count: 2,
      title: expect.stringMatching(/^2 new messages in a direct message$/),
    })
    await asRole(t.stack.sql, member, (tx) => tx`select public.mark_read(${t.world.ch.dm})`)
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(3)
    expect(pushesOf(phone)[2]).toEqual({ type: 'read', tag: `chorus:c:${t.world.ch.dm}` })
  })

  it('pushes at once without the job, and waits the delay only for someone active', async () => {
    const { owner, member } = t.world.people
    const phone = await device(member)
    await pauseJob(t.stack, 'chorus-push')
    await t.stack
      .sql`update private.notification_config set value = '30' where name = 'push_delay_seconds'`
    await t.stack.sql`delete from public.user_activity where user_id = ${member.id}`
    try {
      // Not active anywhere: posted to push-notify when the message commits, not by the job.
      await makeMessage(t.stack.sql, owner, t.world.ch.dm, `<@${member.id}> are you there?`)
      await expect.poll(() => to(phone).length, { timeout: 10_000 }).toBe(1)
      expect(pushesOf(phone)[0]).toMatchObject({ body: '@member are you there?' })
      // Active in the workspace: due after the delay, for the job (paused here).
      await asRole(t.stack.sql, member, (tx) => tx`select public.touch_activity(${t.world.ws})`)
      const later = await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'when you have a minute')
      await requestsAnswered(t.stack)
      expect(to(phone)).toHaveLength(1)
      const [queued] = await t.stack.sql<{ later: boolean; batch: string | null }[]>`
        select due_at > now() + interval '20 seconds' as later, batch_id as batch
        from private.push_queue where message_id = ${later} and subscription_id = ${phone.id}`
      expect(queued).toEqual({ later: true, batch: null })
      // Reading closes the pushed one at once too (a silent "read" push).
      await asRole(t.stack.sql, member, (tx) => tx`select public.mark_read(${t.world.ch.dm})`)
      await expect.poll(() => to(phone).length, { timeout: 10_000 }).toBe(2)
      expect(pushesOf(phone)[1]).toEqual({ type: 'read', tag: `chorus:c:${t.world.ch.dm}` })
    } finally {
      await t.stack
        .sql`update private.notification_config set value = '0' where name = 'push_delay_seconds'`
      await t.stack.sql`delete from public.user_activity where user_id = ${member.id}`
      await t.stack.sql`select cron.alter_job(jobid, active => true) from cron.job
        where jobname = 'chorus-push'`
    }
  })

  it('carries no message text when the workspace hides it', async () => {
    const { owner, member } = t.world.people
    const phone = await device(member)
    expect(
      await asRole(
        t.stack.sql,
        member,
        (tx) => tx`select public.set_notification_content_hidden(${t.world.ws}, true)`
      ).catch((e: { code: string }) => e.code)
    ).toBe('42501')
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_notification_content_hidden(${t.world.ws}, true)`
    )
    try {
      await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'the secret plan')
      await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(1)
      const [push] = pushesOf(phone)
      expect(push).toMatchObject({ body: 'New message' })
      expect(JSON.stringify(push)).not.toContain('secret')
    } finally {
      await asRole(
        t.stack.sql,
        owner,
        (tx) => tx`select public.set_notification_content_hidden(${t.world.ws}, false)`
      )
    }
  })

  it('removes a device the push service says is gone (404, 410) and retries 429 and 5xx', async () => {
    const { owner, member } = t.world.people
    const gone = await device(member, 'Old phone')
    const lost = await device(member, 'Lost tablet')
    const busy = await device(member, 'Busy')
    const down = await device(member, 'Down')
    t.service.answer(gone.path, 410)
    t.service.answer(lost.path, 404)
    t.service.answer(busy.path, { status: 429, retryAfter: '1' })
    t.service.answer(down.path, 503)
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'are you there?')
    await expect.poll(() => to(gone).length + to(lost).length, { timeout: 20_000 }).toBe(2)
    await expect
      .poll(
        async () =>
          (
            await t.stack
              .sql`select id from public.push_subscriptions where user_id = ${member.id} order by device_name`
          ).map((r) => r.id),
        { timeout: 20_000 }
      )
      .toEqual([busy.id, down.id])
    // 429 with Retry-After: 1, and 503: tried again (the backoff's first step is 10 s).
    const [first] = await t.stack
      .sql`select attempts, last_error from private.push_queue where subscription_id = ${busy.id}`
    expect(first).toMatchObject({ attempts: 1, last_error: 'the push service answered 429' })
    await expect.poll(() => to(busy).length + to(down).length, { timeout: 30_000 }).toBe(4)
    expect(to(busy).map((r) => r.status)).toEqual([429, 201])
    expect(to(down).map((r) => r.status)).toEqual([503, 201])
    expect(pushesOf(busy)[0]).toMatchObject({ body: 'are you there?' })
    await settled(member)
  }, 60_000)

  it('stops once the sign-in that turned push on ends (signed out on that browser)', async () => {
    const { owner, member } = t.world.people
    const session = randomUUID()
    await t.stack.sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal)
      values (${session}, ${member.id}, now(), now(), 'aal1')`
    const keys = makeDeviceKeys()
    const devicePath = `/push/${randomUUID()}`
    const claims = {
      sub: member.id,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: session,
    }
    const [row] = await t.stack.sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`
      await tx`set local role authenticated`
      return tx<{ id: string; session_id: string }[]>`
        select id, session_id from public.register_push_subscription(${t.service.url + devicePath},
          ${keys.p256dh}, ${keys.auth}, 'Shared laptop')`
    })
    expect(row!.session_id).toBe(session)
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'while signed in')
    await expect
      .poll(() => t.service.received.filter((r) => r.path === devicePath).length, {
        timeout: 20_000,
      })
      .toBe(1)
    // Signing out ends the session (Auth deletes its row): the device goes, nothing more is sent.
    await t.stack.sql`delete from auth.sessions where id = ${session}`
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'after signing out')
    await expect
      .poll(
        async () =>
          (await t.stack.sql`select 1 from public.push_subscriptions where id = ${row!.id}`).length,
        { timeout: 20_000 }
      )
      .toBe(0)
    await settled(member)
    expect(t.service.received.filter((r) => r.path === devicePath)).toHaveLength(1)
  })

  it('keeps devices to their owner: bad keys refused, a test push only to your own device', async () => {
    const { member, member2 } = t.world.people
    const phone = await device(member)
    const refused = await asRole(
      t.stack.sql,
      member,
      (tx) =>
        tx`select public.register_push_subscription('https://push.example/x', 'AAAA', ${makeDeviceKeys().auth}, 'x')`
    ).catch((e: { code: string; message: string }) => e)
    expect(refused).toMatchObject({
      code: '22023',
      message: 'The p256dh key is a P-256 public key (65 bytes, base64url).',
    })
    const notMine = await asRole(
      t.stack.sql,
      member2,
      (tx) => tx`select public.test_push_subscription(${phone.id})`
    ).catch((e: { code: string }) => e.code)
    expect(notMine).toBe('42501')
    await asRole(t.stack.sql, member, (tx) => tx`select public.test_push_subscription(${phone.id})`)
    await expect.poll(() => to(phone).length, { timeout: 20_000 }).toBe(1)
    expect(pushesOf(phone)[0]).toMatchObject({
      type: 'test',
      body: 'Push notifications work on this device.',
    })
  })
})
