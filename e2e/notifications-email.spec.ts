// Notification emails end to end: the trigger queues, Supabase Cron runs the job, pg_net posts the
// batch to the notifications-email function, which sends through the inbox's SMTP port into the local
// inbox (read through its Mailpit API). For a deterministic few seconds this spec sets the tests'
// delay (private.notification_config 'email_delay_seconds' = 3), runs the job every second and
// points it at this stack's API (Vault's project_url); it puts the delay and the schedule back
// at the end. Pete away from the app: Olga's
// mention of him is emailed exactly once; Pete back in #general reads the next one live and gets
// no email for it. The digest's permalink opens the message; its unsubscribe link turns emails
// off (the page says so), and a second time says the link was used.
import { expect, test } from './support/test.ts'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { apiUrl, appUrl, inboxUrl } from './support/env.ts'
import { twoInGeneral } from './support/workspace.ts'

const DELAY_SECONDS = 3

function dbUrl(): string {
  const url = process.env.CHORUS_DB_URL
  if (!url) throw new Error('CHORUS_DB_URL is not set: run through playwright.config.ts')
  return url
}

// Made in beforeAll: Playwright lists the tests before global-setup has started the stack.
let sql: Sql

test.beforeAll(async () => {
  sql = postgres(dbUrl(), { max: 1, onnotice: () => {} })
  // The job finds the functions in Vault (the seed stored the stack's own URL): this stack's.
  await sql`
    select vault.update_secret(id, ${apiUrl()}) from vault.secrets where name = 'project_url'`
  await sql`
    insert into private.notification_config (name, value) values
      ('email_delay_seconds', ${String(DELAY_SECONDS)})
    on conflict (name) do update set value = excluded.value`
  await sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job
    where jobname = 'chorus-notification-emails'`
})

test.afterAll(async () => {
  await sql`delete from private.notification_config where name = 'email_delay_seconds'`
  await sql`
    select cron.alter_job(jobid, schedule => '10 seconds') from cron.job
    where jobname = 'chorus-notification-emails'`
  await sql.end({ timeout: 2 })
})

interface Summary {
  ID: string
  Subject: string
}

async function mailsTo(address: string): Promise<Summary[]> {
  const response = await fetch(
    `${inboxUrl()}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`
  )
  return ((await response.json()) as { messages: Summary[] }).messages
}

/** The notification emails to an address (not Auth's confirmation). */
async function notificationMails(address: string): Promise<Summary[]> {
  return (await mailsTo(address)).filter((m) => /wrote to you|unread mentions/.test(m.Subject))
}

test(
  'an unread mention is emailed once, a read one not; the links open the message and unsubscribe',
  { tag: '@core' },
  async ({ browser }) => {
    const olga = await actor(browser, 'Olga')
    const pete = await actor(browser, 'Pete')
    await twoInGeneral(olga, pete, `Mail ${Date.now().toString(36)}`)
    const o = olga.page
    const [row] = await sql<{ id: string }[]>`select id from auth.users where email = ${pete.email}`
    const peteId = row!.id

    await test.step('Pete is away: a mention of him is emailed once, after the delay', async () => {
      const generalUrl = pete.page.url()
      await pete.page.goto('about:blank')
      const sentAt = Date.now()
      await send(o, `@${pete.name} the release notes need you`)
      await expect
        .poll(async () => (await notificationMails(pete.email)).length, { timeout: 20_000 })
        .toBe(1)
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000)
      const [mail] = await notificationMails(pete.email)
      expect(mail!.Subject).toBe(`${olga.name} wrote to you in #general`)
      // Pete comes back to #general for what follows.
      await pete.page.goto(generalUrl)
      await waitLive(pete.page)
    })

    await test.step('a mention Pete reads as it arrives is not emailed', async () => {
      await send(o, `@${pete.name} read this one now`)
      await expect(messageWith(pete.page, 'read this one now')).toBeVisible()
      // The job takes it off the queue once due; it makes no email of it (read), and the first
      // one's batch stays the only one.
      await expect
        .poll(
          async () =>
            (
              await sql`select count(*)::int as n from private.email_queue where user_id = ${peteId}`
            )[0]!.n,
          { timeout: 20_000 }
        )
        .toBe(0)
      const [batches] = await sql`
      select count(*)::int as n from private.email_batches where user_id = ${peteId}`
      expect(batches!.n).toBe(1)
      expect(await notificationMails(pete.email)).toHaveLength(1)
    })

    const [summary] = await notificationMails(pete.email)
    const response = await fetch(`${inboxUrl()}/api/v1/message/${summary!.ID}`)
    const mail = (await response.json()) as { Text: string }

    await test.step("the digest's permalink opens the message", async () => {
      const permalink = /Open: (\S+)/.exec(mail.Text)?.[1]
      expect(permalink).toMatch(new RegExp(`^${appUrl('/w/')}[^/]+/c/[^/]+/m/[^/]+$`))
      await pete.page.goto(permalink!)
      await expect(messageWith(pete.page, 'the release notes need you')).toBeVisible()
    })

    await test.step('the unsubscribe link turns emails off; used again it says so', async () => {
      const link = /Stop these emails: (\S+)/.exec(mail.Text)?.[1]
      expect(link).toMatch(new RegExp(`^${appUrl('/unsubscribe.html')}\\?token=`))
      const page = await pete.context.newPage()
      await page.goto(link!)
      await expect(page.getByRole('status')).toHaveText(
        'Emails are off: Chorus will not email you about unread mentions and direct messages.'
      )
      const [settings] = await sql`
      select email_enabled from public.notification_settings where user_id = ${peteId}`
      expect(settings!.email_enabled).toBe(false)
      await page.reload()
      await expect(page.getByRole('alert')).toHaveText(
        'This unsubscribe link was used already: emails are off.'
      )
      await page.getByRole('link', { name: 'Open Chorus' }).click()
      await expect(page).toHaveURL(/\/w\//)
    })
  }
)
