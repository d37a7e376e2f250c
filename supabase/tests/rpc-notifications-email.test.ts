// Emails of unread mentions and direct messages, end to end on the stack: the trigger queues,
// Supabase Cron runs the job (made frequent here: every second), pg_net posts each batch to the
// notify-email Edge Function, which claims it and sends one mail through SMTP (a real SMTP
// server in this process, as the project's SMTP would be). An unread mention gives exactly one
// mail with its permalink and a working unsubscribe link; several become one digest; a read one,
// a muted channel's and one of someone who unsubscribed give none.
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
const APP_URL = 'http://chorus.test'
let stack: TestStack
let world: World
let smtp: SMTPServer
const mails: { to: string; subject: string; text: string }[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to[0] : m.to
          mails.push({ to: to?.text ?? '', subject: m.subject ?? '', text: m.text ?? '' })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  // The function's secrets (Deno.env falls back to the process environment on the stack).
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_FROM: 'Chorus <no-reply@chorus.test>',
    APP_URL,
  })
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  await stack.sql`
    insert into private.notification_config (name, value)
    values ('functions_url', ${`${stack.url}/functions/v1`}), ('api_key', ${stack.anonKey})`
  await stack.sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job
    where jobname = 'chorus-notification-emails'`
  // What setting up the world queued (at the default 10-minute delay) is not part of the tests.
  await stack.sql`delete from private.email_queue`
  // Emails right away in this workspace (owners and admins set the delay).
  await asRole(
    stack.sql,
    world.people.owner,
    (tx) => tx`select public.set_workspace_email_delay(${world.ws}, 0)`
  )
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

const mailsTo = (person: Person) => mails.filter((m) => m.to === person.email)

async function waitForMails(person: Person, count: number): Promise<void> {
  await expect.poll(() => mailsTo(person).length, { timeout: 20_000, interval: 200 }).toBe(count)
}

/** Waits until the queue holds nothing for the person (the job took every row). */
async function waitQueueEmpty(person: Person): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await stack.sql`select count(*)::int as n from private.email_queue where user_id = ${person.id}`
        )[0]!.n,
      { timeout: 20_000, interval: 200 }
    )
    .toBe(0)
}

/** Waits until every request pg_net was given has its response. */
async function waitRequestsDone(): Promise<void> {
  await expect
    .poll(
      async () => (await stack.sql`select count(*)::int as n from net.http_request_queue`)[0]!.n,
      { timeout: 20_000, interval: 200 }
    )
    .toBe(0)
}

describe('notification emails', () => {
  it('emails an unread mention once, with its permalink and an unsubscribe link that works', async () => {
    const { owner, member } = world.people
    const id = await makeMessage(
      stack.sql,
      owner,
      world.ch.plaza,
      `<@${member.id}> the deploy is stuck`
    )
    await waitForMails(member, 1)
    const [mail] = mailsTo(member)
    expect(mail!.subject).toMatch(/wrote to you in #/)
    expect(mail!.text).toContain('@someone the deploy is stuck')
    expect(mail!.text).toContain(`${APP_URL}/w/${world.ws}/c/${world.ch.plaza}/m/${id}`)
    // Never twice: the job runs every second, and the batch is claimed once.
    await new Promise((r) => setTimeout(r, 3000))
    expect(mailsTo(member)).toHaveLength(1)

    const unsubscribe = /Stop these emails: (\S+)/.exec(mail!.text)?.[1]
    expect(unsubscribe).toMatch(/\/functions\/v1\/notify-email\?unsubscribe=/)
    const page = await fetch(unsubscribe!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('You will get no more emails')
    const [settings] = await stack.sql`
      select email_enabled from public.notification_settings where user_id = ${member.id}`
    expect(settings!.email_enabled).toBe(false)
    const again = await fetch(`${stack.url}/functions/v1/notify-email?unsubscribe=nope`)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('This unsubscribe link is not valid.')

    // Unsubscribed: the next mention is not emailed.
    await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> still there?`)
    await waitQueueEmpty(member)
    await waitRequestsDone()
    expect(mailsTo(member)).toHaveLength(1)
    await asRole(stack.sql, member, (tx) => tx`select public.set_email_notifications(true)`)
  })

  it('sends several due together as one digest', async () => {
    const { owner, admin } = world.people
    // Queued with a delay, then all made due at once.
    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${world.ws}, 10)`
    )
    await makeMessage(stack.sql, owner, world.ch.plaza, `<@${admin.id}> first`)
    await makeMessage(stack.sql, owner, world.ch.general, `<@${admin.id}> second`)
    await new Promise((r) => setTimeout(r, 1500))
    expect(mailsTo(admin)).toHaveLength(0)
    await stack.sql`update private.email_queue set due_at = now() where user_id = ${admin.id}`
    await waitForMails(admin, 1)
    const [mail] = mailsTo(admin)
    expect(mail!.subject).toBe('2 unread mentions and direct messages on Chorus')
    expect(mail!.text.indexOf('@someone first')).toBeLessThan(mail!.text.indexOf('@someone second'))
    await new Promise((r) => setTimeout(r, 2000))
    expect(mailsTo(admin)).toHaveLength(1)
    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${world.ws}, 0)`
    )
  })

  it('sends nothing for a mention read before it is due, nor for a muted channel', async () => {
    const { owner, member } = world.people
    const before = mailsTo(member).length
    await asRole(
      stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${world.ws}, 10)`
    )
    await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> read this one`)
    await asRole(stack.sql, member, (tx) => tx`select public.mark_read(${world.ch.plaza})`)
    await asRole(
      stack.sql,
      member,
      (tx) => tx`select public.set_channel_notifications(${world.ch.quiet}, null, true)`
    )
    await makeMessage(stack.sql, owner, world.ch.quiet, `<@${member.id}> in a muted channel`)
    await stack.sql`update private.email_queue set due_at = now() where user_id = ${member.id}`
    await waitQueueEmpty(member)
    await waitRequestsDone()
    await new Promise((r) => setTimeout(r, 1500))
    expect(mailsTo(member)).toHaveLength(before)
    // The direct message after them is mailed: the job did run for this person.
    await makeMessage(stack.sql, owner, world.ch.dm, 'a direct word')
    await stack.sql`update private.email_queue set due_at = now() where user_id = ${member.id}`
    await waitForMails(member, before + 1)
    expect(mailsTo(member).at(-1)!.text).toContain('a direct word')
    expect(mailsTo(member).at(-1)!.text).not.toContain('read this one')
  })

  it('keeps the due query and the claim out of reach of signed-in callers', async () => {
    const { member } = world.people
    await expect(
      asRole(
        stack.sql,
        member,
        (tx) => tx`select public.claim_notification_email(gen_random_uuid())`
      )
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asRole(stack.sql, member, (tx) => tx`select * from private.email_queue`)
    ).rejects.toMatchObject({ code: '42501' })
  })
})
