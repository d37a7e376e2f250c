// The set-up of notifications-email.test.ts: a real SMTP server in this process as the
// project's, the function's secrets pointing at it, a stack with the matrix's world (the seed's
// Vault secrets checked: this stack's own URL and key), the email job every second, nothing queued
// by the set-up and no delay in the workspace; the mails each person got, and waiting for mails,
// an empty queue, the job's next runs and pg_net's answers.
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { parseMails } from './mail-capture.ts'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { nextJobRuns, requestsAnswered } from './job-runs.ts'
import { asRole, buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export const APP_URL = 'http://chorus.test'

export interface Mail {
  to: string
  subject: string
  text: string
  headers: Record<string, string>
}
export interface EmailStack {
  stack: TestStack
  world: World
  smtp: SMTPServer
  /** Every mail the SMTP server took, in order. */
  mails: Mail[]
  mailsTo: (person: Person) => Mail[]
  waitForMails: (person: Person, count: number) => Promise<void>
  /** Waits until the queue holds nothing for the person (the job took every row). */
  waitQueueEmpty: (person: Person) => Promise<void>
  /** Waits until every request pg_net was given has its response. */
  waitRequestsDone: () => Promise<void>
  /** Waits for `count` runs of the email job begun from now on, and their requests answered. */
  waitJobRuns: (count: number) => Promise<void>
}

/** Registers the file's beforeAll/afterAll; the stack, world and server are set once it ran. */
export function useEmailStack(): EmailStack {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const mails: Mail[] = []
  const t = { mails } as EmailStack
  beforeAll(async () => {
    t.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: parseMails(({ to, subject, text, headers }) =>
        mails.push({ to, subject, text, headers })
      ),
    })
    await new Promise<void>((resolve) => t.smtp.listen(0, '127.0.0.1', resolve))
    const port = (t.smtp.server.address() as AddressInfo).port
    // The function's secrets (Deno.env falls back to the process environment on the stack).
    Object.assign(process.env, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM: 'Chorus <no-reply@chorus.test>',
      APP_URL,
    })
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
    // The seed stores this stack's own URL (a free port here, not 54321) and publishable key in
    // Vault, where the job finds them: nothing to point elsewhere.
    const seeded = await t.stack.sql`
    select name, decrypted_secret from vault.decrypted_secrets
    where name in ('project_url', 'publishable_key') order by name`
    expect(seeded).toEqual([
      { name: 'project_url', decrypted_secret: t.stack.url },
      { name: 'publishable_key', decrypted_secret: t.stack.keys.publishableKey },
    ])
    expect(new URL(t.stack.url).port).not.toBe('54321')
    expect(
      await t.stack
        .sql`select name from private.notification_config where name in ('functions_url', 'api_key')`
    ).toEqual([])
    await t.stack.sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job
    where jobname = 'chorus-notification-emails'`
    // What setting up the world queued (at the default 10-minute delay) is not part of the tests.
    await t.stack.sql`delete from private.email_queue`
    // Emails right away in this workspace (owners and admins set the delay).
    await asRole(
      t.stack.sql,
      t.world.people.owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 0)`
    )
  }, 60_000)

  afterAll(async () => {
    await t.stack?.stop()
    await new Promise<void>((resolve) => (t.smtp ? t.smtp.close(() => resolve()) : resolve()))
  })

  t.mailsTo = (person: Person) => mails.filter((m) => m.to === person.email)

  t.waitForMails = async function waitForMails(person: Person, count: number): Promise<void> {
    await expect
      .poll(() => t.mailsTo(person).length, { timeout: 20_000, interval: 200 })
      .toBe(count)
  }

  t.waitQueueEmpty = async function waitQueueEmpty(person: Person): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await t.stack
              .sql`select count(*)::int as n from private.email_queue where user_id = ${person.id}`
          )[0]!.n,
        { timeout: 20_000, interval: 200 }
      )
      .toBe(0)
  }

  t.waitRequestsDone = () => requestsAnswered(t.stack)
  t.waitJobRuns = (count: number) => nextJobRuns(t.stack, 'chorus-notification-emails', count)
  return t
}
