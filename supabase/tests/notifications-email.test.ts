// Emails of unread mentions and direct messages, end to end on the stack: the trigger queues,
// Supabase Cron runs the job (made frequent here: every second), pg_net posts each batch to the
// notifications-email Edge Function, which claims it and sends one mail through SMTP (a real SMTP
// server in this process, as the project's SMTP would be). An unread mention gives exactly one
// mail with its permalink and an unsubscribe link to the app (whose RPC refuses a bad or used
// token) and a one-click unsubscribe header; several become one digest; a read one, a muted
// channel's and one of someone who unsubscribed give none; Do Not Disturb holds them until it
// ends. The seed points the job at the local stack (Vault's project_url and publishable_key). The
// SMTP server and the set-up are support/email-stack.ts's.
import { describe, expect, it } from 'vitest'
import { APP_URL, useEmailStack } from './support/email-stack.ts'
import { asRole, makeMessage } from './support/world.ts'

const t = useEmailStack()
const { mailsTo, waitForMails, waitQueueEmpty, waitRequestsDone, waitJobRuns } = t

describe('notification emails', () => {
  it('emails an unread mention once, with its permalink and an unsubscribe link that works', async () => {
    const { owner, member } = t.world.people
    const id = await makeMessage(
      t.stack.sql,
      owner,
      t.world.ch.plaza,
      `<@${member.id}> the deploy is stuck`
    )
    await waitForMails(member, 1)
    const [mail] = mailsTo(member)
    expect(mail!.subject).toMatch(/wrote to you in #/)
    expect(mail!.text).toContain('@member the deploy is stuck')
    expect(mail!.text).toContain(`${APP_URL}/w/${t.world.ws}/c/${t.world.ch.plaza}/m/${id}`)
    // Never twice: the job runs every second, and the batch is claimed once. Two more runs, and
    // what they asked of the function answered, send nothing more.
    await waitJobRuns(2)
    expect(mailsTo(member)).toHaveLength(1)

    // The link opens the app's page, which calls unsubscribe_email without a sign-in.
    const unsubscribe = /Stop these emails: (\S+)/.exec(mail!.text)?.[1]
    expect(unsubscribe).toMatch(new RegExp(`^${APP_URL}/unsubscribe\\.html\\?token=`))
    const token = new URL(unsubscribe!).searchParams.get('token')!
    const anon = t.stack.client()
    expect(await anon.rpc('unsubscribe_email', { p_token: token })).toMatchObject({ data: true })
    const [settings] = await t.stack.sql`
      select email_enabled from public.notification_settings where user_id = ${member.id}`
    expect(settings!.email_enabled).toBe(false)
    const used = await anon.rpc('unsubscribe_email', { p_token: token })
    expect(used.error).toMatchObject({
      code: '22023',
      message: 'This unsubscribe link was used already: emails are off.',
    })
    const wrong = await anon.rpc('unsubscribe_email', { p_token: 'nope' })
    expect(wrong.error).toMatchObject({
      code: '22023',
      message: 'This unsubscribe link is not valid.',
    })

    // The one-click unsubscribe (RFC 8058) is a POST to the function; a GET goes to the app.
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1]
    expect(oneClick).toBe(
      `${t.stack.url}/functions/v1/notifications-email?unsubscribe=${encodeURIComponent(token)}`
    )
    await asRole(t.stack.sql, member, (tx) => tx`select public.set_email_notifications(true)`)
    const posted = await fetch(oneClick!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(posted.status).toBe(200)
    const [after] = await t.stack.sql`
      select email_enabled from public.notification_settings where user_id = ${member.id}`
    expect(after!.email_enabled).toBe(false)
    const badPost = await fetch(
      `${t.stack.url}/functions/v1/notifications-email?unsubscribe=nope`,
      {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      }
    )
    expect(badPost.status).toBe(400)
    expect(await badPost.json()).toEqual({ error: 'This unsubscribe link is not valid.' })
    const redirected = await fetch(oneClick!, { redirect: 'manual' })
    expect(redirected.status).toBe(303)
    expect(redirected.headers.get('location')).toBe(unsubscribe)

    // Unsubscribed: the next mention is not emailed.
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> still there?`)
    await waitQueueEmpty(member)
    await waitRequestsDone()
    expect(mailsTo(member)).toHaveLength(1)
    await asRole(t.stack.sql, member, (tx) => tx`select public.set_email_notifications(true)`)
  })

  it('sends several due together as one digest', async () => {
    const { owner, admin } = t.world.people
    // Queued with a delay, then all made due at once.
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 10)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${admin.id}> first`)
    await makeMessage(t.stack.sql, owner, t.world.ch.general, `<@${admin.id}> second`)
    // A run after both were queued has found nothing due.
    await waitJobRuns(1)
    expect(mailsTo(admin)).toHaveLength(0)
    await t.stack.sql`update private.email_queue set due_at = now() where user_id = ${admin.id}`
    await waitForMails(admin, 1)
    const [mail] = mailsTo(admin)
    expect(mail!.subject).toBe('2 unread mentions and direct messages on Chorus')
    expect(mail!.text.indexOf('@admin first')).toBeLessThan(mail!.text.indexOf('@admin second'))
    await waitJobRuns(2)
    expect(mailsTo(admin)).toHaveLength(1)
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 0)`
    )
  })

  it('sends nothing for a mention read before it is due, nor for a muted channel', async () => {
    const { owner, member } = t.world.people
    const before = mailsTo(member).length
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 10)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> read this one`)
    await asRole(t.stack.sql, member, (tx) => tx`select public.mark_read(${t.world.ch.plaza})`)
    await asRole(
      t.stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.quiet}, null, true)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.quiet, `<@${member.id}> in a muted channel`)
    await t.stack.sql`update private.email_queue set due_at = now() where user_id = ${member.id}`
    // The job has taken both rows and the function has answered for them: nothing was sent.
    await waitQueueEmpty(member)
    await waitRequestsDone()
    expect(mailsTo(member)).toHaveLength(before)
    // The direct message after them is mailed: the job did run for this person.
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'a direct word')
    await t.stack.sql`update private.email_queue set due_at = now() where user_id = ${member.id}`
    await waitForMails(member, before + 1)
    expect(mailsTo(member).at(-1)!.text).toContain('a direct word')
    expect(mailsTo(member).at(-1)!.text).not.toContain('read this one')
  })

  it('holds an email while the person is snoozed and sends it once the snooze ends', async () => {
    const { owner, admin } = t.world.people
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 0)`
    )
    const before = mailsTo(admin).length
    const until = new Date(Date.now() + 4000).toISOString()
    await asRole(t.stack.sql, admin, (tx) => tx`select public.snooze_notifications(${until})`)
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${admin.id}> while you were away`)
    // Due at once (delay 0), but held: still queued, due again when the snooze ends.
    await expect
      .poll(
        async () =>
          (
            await t.stack.sql`
              select due_at from private.email_queue
              where user_id = ${admin.id} and due_at > now()`
          )[0]?.due_at as Date | undefined,
        { timeout: 10_000, interval: 200 }
      )
      .toEqual(new Date(until))
    expect(mailsTo(admin)).toHaveLength(before)
    await waitForMails(admin, before + 1)
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until))
    expect(mailsTo(admin).at(-1)!.text).toContain('@admin while you were away')
  })

  it("holds an email inside the person's daily schedule, for a minute at most at a time", async () => {
    const { owner, admin } = t.world.people
    const before = mailsTo(admin).length
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16)
    const start = hhmm(Date.now() - 3600_000)
    const end = hhmm(Date.now() + 3600_000)
    await asRole(
      t.stack.sql,
      admin,
      (tx) => tx`select public.set_do_not_disturb(true, ${start}::time, ${end}::time, 'UTC')`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${admin.id}> during the night`)
    await expect
      .poll(
        async () =>
          (
            await t.stack.sql`
              select count(*)::int as n from private.email_queue
              where user_id = ${admin.id} and due_at between now() + interval '50 seconds'
                and now() + interval '61 seconds'`
          )[0]!.n,
        { timeout: 10_000, interval: 200 }
      )
      .toBe(1)
    expect(mailsTo(admin)).toHaveLength(before)
    // Off again: due now, it goes.
    await asRole(t.stack.sql, admin, (tx) => tx`select public.set_do_not_disturb(false)`)
    await t.stack.sql`update private.email_queue set due_at = now() where user_id = ${admin.id}`
    await waitForMails(admin, before + 1)
    expect(mailsTo(admin).at(-1)!.text).toContain('@admin during the night')
  })

  it("queues with the tests' delay in seconds when private.notification_config sets one", async () => {
    const { owner, member } = t.world.people
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 10)`
    )
    await t.stack.sql`
      insert into private.notification_config (name, value) values ('email_delay_seconds', '30')`
    try {
      const id = await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> soon`)
      const [row] = await t.stack.sql`
        select extract(epoch from due_at - now())::float as seconds from private.email_queue
        where message_id = ${id} and user_id = ${member.id}`
      expect(row!.seconds).toBeGreaterThan(25)
      expect(row!.seconds).toBeLessThanOrEqual(30)
    } finally {
      await t.stack.sql`delete from private.notification_config where name = 'email_delay_seconds'`
      await t.stack.sql`delete from private.email_queue where user_id = ${member.id}`
    }
  })

  // Whether Do Not Disturb holds a mail (its schedule in a time zone, overnight, its end, a snooze)
  // is the one table of cases' (notifications-rule.test.ts); here, when a held mail comes due.
  it('makes a held email due when Do Not Disturb ends, in its time zone, or its snooze', async () => {
    const [r] = await t.stack.sql.unsafe(`select
      private.dnd_ends_at(true, '22:00', '08:00', 'Asia/Tokyo', null, '2026-01-01T14:30:00Z') as tokyo_before_midnight,
      private.dnd_ends_at(true, '22:00', '08:00', 'Asia/Tokyo', null, '2026-01-01T20:00:00Z') as tokyo_after_midnight,
      private.dnd_ends_at(true, '09:00', '17:00', 'America/New_York', null, '2026-07-01T14:00:00Z') as new_york_ends,
      private.dnd_ends_at(true, '22:00', '08:00', 'UTC', '2026-01-02T10:00:00Z', '2026-01-01T23:00:00Z') as snooze_later`)
    expect(r).toEqual({
      tokyo_before_midnight: new Date('2026-01-01T23:00:00Z'),
      tokyo_after_midnight: new Date('2026-01-01T23:00:00Z'),
      new_york_ends: new Date('2026-07-01T21:00:00Z'),
      snooze_later: new Date('2026-01-02T10:00:00Z'),
    })
  })

  it('keeps the due query and the claim out of reach of signed-in callers', async () => {
    const { member } = t.world.people
    await expect(
      asRole(
        t.stack.sql,
        member,
        (tx) => tx`select public.claim_notification_email(gen_random_uuid())`
      )
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asRole(t.stack.sql, member, (tx) => tx`select * from private.email_queue`)
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asRole(
        t.stack.sql,
        member,
        (tx) => tx`select private.dnd_active(true, '22:00', '08:00', 'UTC', null, now())`
      )
    ).rejects.toMatchObject({ code: '42501' })
  })
})
