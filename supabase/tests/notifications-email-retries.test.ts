// No notification email is lost (supabase/migrations/20261128100100_chorus_email_digest_retries
// .sql and supabase/functions/notifications-email): the job leases the due rows instead of deleting them,
// the function claims them (checking each again), and after the send acknowledges exactly those
// rows, or releases them with a backoff when SMTP fails. A real SMTP server in this process
// refuses mail (451) while `failing` holds, then recovers. The job runs when a test says so
// (cron paused); a test moves a released row's due time to now as time passing would, after
// checking the backoff it was given. One digest after recovery, none lost, none doubled; given up
// after the 8th attempt; a message deleted or read between the job and the claim is not mailed;
// the job drops exactly the rows it read.
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, asUser, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'
import { pauseJob } from './support/job-runs.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let smtp: SMTPServer
let failing = false
const mails: { to: string; text: string }[] = []
const refused: string[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',')
      if (failing) {
        stream.resume()
        stream.on('end', () => {
          refused.push(to)
          const error = Object.assign(new Error('Mailbox busy, try again later'), {
            responseCode: 451,
          })
          callback(error)
        })
        return
      }
      simpleParser(stream)
        .then((m) => {
          mails.push({ to, text: m.text ?? '' })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_FROM: 'Chorus <no-reply@chorus.test>',
    APP_URL: 'http://chorus.test',
  })
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  await pauseJob(stack, 'chorus-notification-emails')
  await stack.sql`delete from private.email_queue`
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

const mailsTo = (p: Person) => mails.filter((m) => m.to === p.email)

interface Row {
  message_id: string
  attempts: number
  batch_id: string | null
  last_error: string | null
  failed: boolean
  /** Seconds from now until it is due. */
  due_in: number
}

async function queued(p: Person): Promise<Row[]> {
  return stack.sql<Row[]>`
    select message_id, attempts, batch_id, last_error, failed_at is not null as failed,
      extract(epoch from due_at - now())::float8 as due_in
    from private.email_queue where user_id = ${p.id} order by id`
}

/** Runs the job once and waits for the function's answer to each batch it posted. */
async function runJob(limit = 500): Promise<{ status: number; body: Record<string, unknown> }[]> {
  const before = await stack.sql<{ id: string }[]>`select id from private.email_batches`
  const known = new Set(before.map((b) => b.id))
  await stack.sql`select private.send_due_notification_emails(${limit})`
  const batches = (await stack.sql<{ id: string }[]>`select id from private.email_batches`).filter(
    (b) => !known.has(b.id)
  )
  const answers = async () =>
    stack.sql<{ status_code: number | null; content: string | null }[]>`
      select r.status_code, r.content from private.email_batches b
      left join net._http_response r on r.id = b.request_id
      where b.id = any (${batches.map((b) => b.id)}::uuid[])`
  await expect
    .poll(async () => (await answers()).filter((a) => a.status_code !== null).length, {
      timeout: 30_000,
      interval: 100,
    })
    .toBe(batches.length)
  return (await answers()).map((a) => ({
    status: a.status_code!,
    body: JSON.parse(a.content ?? '{}') as Record<string, unknown>,
  }))
}

/** Time passes for the person's released rows: due now. */
async function dueNow(p: Person): Promise<void> {
  await stack.sql`update private.email_queue set due_at = now() where user_id = ${p.id}`
}

describe('notification emails that fail to send', () => {
  it('are retried with a growing backoff and sent once when SMTP recovers', async () => {
    const { owner, member } = world.people
    const first = await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> deploy?`)
    const second = await makeMessage(stack.sql, owner, world.ch.dm, 'are you there')
    failing = true
    for (const [attempt, minutes] of [
      [1, 1],
      [2, 2],
      [3, 4],
    ] as const) {
      const answers = await runJob()
      expect(answers).toEqual([
        {
          status: 502,
          body: expect.objectContaining({ retrying: true, gave_up: false }) as unknown,
        },
      ])
      const rows = await queued(member)
      expect(rows.map((r) => r.message_id)).toEqual([first, second])
      for (const row of rows) {
        expect(row).toMatchObject({ attempts: attempt, batch_id: null, failed: false })
        expect(row.last_error).toMatch(/Mailbox busy/)
        // Due again after 2^(attempts-1) minutes (measured from the release, a moment ago).
        expect(row.due_in).toBeGreaterThan(minutes * 60 - 30)
        expect(row.due_in).toBeLessThanOrEqual(minutes * 60)
      }
      // Not due yet: the job leaves them alone.
      expect(await runJob()).toEqual([])
      await dueNow(member)
    }
    expect(mailsTo(member)).toEqual([])
    expect(refused.filter((to) => to === member.email)).toHaveLength(3)

    failing = false
    expect(await runJob()).toEqual([{ status: 200, body: { sent: true, messages: 2 } }])
    expect(mailsTo(member)).toHaveLength(1)
    expect(mailsTo(member)[0]!.text).toContain('@member deploy?')
    expect(mailsTo(member)[0]!.text).toContain('are you there')
    expect(await queued(member)).toEqual([])
    // Nothing is left to send again.
    expect(await runJob()).toEqual([])
    expect(mailsTo(member)).toHaveLength(1)
  })

  it('are given up after the 8th failed attempt, and never sent', async () => {
    const { owner, admin } = world.people
    const id = await makeMessage(stack.sql, owner, world.ch.plaza, `<@${admin.id}> lost cause`)
    failing = true
    try {
      for (let attempt = 1; attempt <= 8; attempt++) {
        const [answer] = await runJob()
        expect(answer!.status).toBe(502)
        expect(answer!.body).toMatchObject({ gave_up: attempt === 8, retrying: attempt < 8 })
        const [row] = await queued(admin)
        expect(row).toMatchObject({ message_id: id, attempts: attempt, failed: attempt === 8 })
        await dueNow(admin)
      }
      // Given up: due or not, no run takes it again.
      expect(await runJob()).toEqual([])
      expect(refused.filter((to) => to === admin.email)).toHaveLength(8)
    } finally {
      failing = false
    }
    expect(await runJob()).toEqual([])
    expect(mailsTo(admin)).toEqual([])
    const [row] = await queued(admin)
    expect(row).toMatchObject({ attempts: 8, failed: true, batch_id: null })
    expect(row!.last_error).toMatch(/Mailbox busy/)
  })
})

describe('the claim and the queue', () => {
  it('does not mail a message deleted or read between the job and the claim', async () => {
    const { owner, member } = world.people
    const deleted = await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> oops`)
    const read = await makeMessage(stack.sql, owner, world.ch.quiet, `<@${member.id}> seen`)
    const kept = await makeMessage(stack.sql, owner, world.ch.dm, 'still unread')
    const before = mailsTo(member).length
    // The job leases the three, and before the function claims them (after this commits) one is
    // deleted and one read.
    const known = new Set(
      (await stack.sql<{ id: string }[]>`select id from private.email_batches`).map((b) => b.id)
    )
    await asUser(stack.sql, owner, async (tx) => {
      await tx`select private.send_due_notification_emails()`
      await tx`select public.delete_message(${deleted})`
      await tx`
        update public.channel_members set last_read_seq = (
          select seq from public.messages where id = ${read})
        where channel_id = ${world.ch.quiet} and user_id = ${member.id}`
    })
    const batch = (await stack.sql<{ id: string }[]>`select id from private.email_batches`).find(
      (b) => !known.has(b.id)
    )
    expect(batch).toBeDefined()
    await expect
      .poll(() => mailsTo(member).length, { timeout: 30_000, interval: 100 })
      .toBe(before + 1)
    const mail = mailsTo(member).at(-1)!
    expect(mail.text).toContain('still unread')
    expect(mail.text).not.toContain('oops')
    expect(mail.text).not.toContain('seen')
    expect(mail.text).toContain(kept)
    await expect.poll(() => queued(member), { timeout: 30_000, interval: 100 }).toEqual([])
  })

  it('drops exactly the rows the job read, and leases the rest', async () => {
    const { owner, member } = world.people
    const ids: string[] = []
    for (const text of ['gone one', 'kept two', 'gone three']) {
      ids.push(await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> ${text}`))
    }
    // Due in this order; the first and the last are deleted.
    await stack.sql`
      update private.email_queue q set due_at = now() - make_interval(secs => 10 - o.n)
      from unnest(${ids}::uuid[]) with ordinality as o (id, n)
      where q.message_id = o.id and q.user_id = ${member.id}`
    for (const id of [ids[0]!, ids[2]!]) {
      await asUser(stack.sql, owner, (tx) => tx`select public.delete_message(${id})`)
    }
    const before = mailsTo(member).length
    // The job reads two rows: the first leaves the queue, the second is sent; the third, not
    // read by this run, stays.
    expect(await runJob(2)).toEqual([{ status: 200, body: { sent: true, messages: 1 } }])
    expect((await queued(member)).map((r) => r.message_id)).toEqual([ids[2]])
    expect(mailsTo(member)).toHaveLength(before + 1)
    expect(mailsTo(member).at(-1)!.text).toContain('kept two')
    // The next run reads the third and drops it: nothing to send.
    expect(await runJob()).toEqual([])
    expect(await queued(member)).toEqual([])
    expect(mailsTo(member)).toHaveLength(before + 1)
  })

  it('acknowledges and releases only the rows of the batch named, and refuses bad input', async () => {
    const { owner, member } = world.people
    await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> leased`)
    const [row] = await stack.sql<{ id: string }[]>`
      select id::text from private.email_queue where user_id = ${member.id}`
    const other = '00000000-0000-4000-8000-000000000000'
    await stack.sql`update private.email_queue set batch_id = ${other}::uuid where id = ${row!.id}`
    const wrong = '11111111-1111-4111-8111-111111111111'
    const [acked] = await stack.sql`
      select public.acknowledge_notification_email(${wrong}::uuid, ${[row!.id]}::bigint[]) as n`
    expect(acked!.n).toBe(0)
    const [released] = await stack.sql`
      select public.release_notification_email(${wrong}::uuid, ${[row!.id]}::bigint[], 'x') as r`
    expect(released!.r).toMatchObject({ retrying: 0, gave_up: 0 })
    expect(await queued(member)).toHaveLength(1)
    await expect(
      stack.sql`select public.acknowledge_notification_email(null, null)`
    ).rejects.toMatchObject({ code: '22023' })
    // Only the function (service_role) may call them.
    const anon = await fetch(`${stack.url}/rest/v1/rpc/acknowledge_notification_email`, {
      method: 'POST',
      headers: { apikey: stack.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_batch_id: other, p_ids: [Number(row!.id)] }),
    })
    expect([401, 403, 404]).toContain(anon.status)
    expect(await queued(member)).toHaveLength(1)
    const [done] = await stack.sql`
      select public.acknowledge_notification_email(${other}::uuid, ${[row!.id]}::bigint[]) as n`
    expect(done!.n).toBe(1)
    expect(await queued(member)).toEqual([])
  })
})
