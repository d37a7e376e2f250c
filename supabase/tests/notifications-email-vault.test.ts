// The email job finds the functions in Vault (project_url, publishable_key), as on a hosted
// project; the seed stores this stack's own, so a stack on other ports than the CLI's mails
// through itself: its API port for the job's request, its inbox's SMTP port for the function
// (SMTP_PORT = env(INBUCKET_SMTP_PORT) in config.toml). Without either secret the job does
// nothing.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'
import { pauseJob } from './support/job-runs.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  // The function's secrets come from config.toml and the stack only (no process overrides).
  for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_FROM', 'APP_URL', 'INBUCKET_SMTP_PORT']) {
    delete process.env[name]
  }
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  // The job runs when a test says so, not every 10 seconds behind its back.
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
})

async function inboxCount(address: string): Promise<number> {
  const response = await fetch(
    `${stack.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: unknown[] }).messages.length
}

describe('notification emails through Vault', () => {
  it('runs on ports other than the CLI defaults', () => {
    expect(new URL(stack.url).port).not.toBe('54321')
    expect(stack.inboxSmtpPort).not.toBe(54325)
  })

  it('without the publishable key in Vault the job does nothing', async () => {
    const [saved] = await stack.sql`
      select id, decrypted_secret from vault.decrypted_secrets where name = 'publishable_key'`
    await stack.sql`delete from vault.secrets where name = 'publishable_key'`
    try {
      const { owner, member } = world.people
      await makeMessage(stack.sql, owner, world.ch.plaza, `<@${member.id}> not sent yet`)
      expect(await stack.sql`select private.send_due_notification_emails() as sent`).toEqual([
        { sent: 0 },
      ])
      const [queued] = await stack.sql`
        select count(*)::int as n from private.email_queue where user_id = ${member.id}`
      expect(queued!.n).toBe(1)
    } finally {
      await stack.sql`select vault.create_secret(${saved!.decrypted_secret as string}, 'publishable_key')`
    }
  })

  it("mails through this stack's API and inbox SMTP ports", async () => {
    const { member } = world.people
    const before = await inboxCount(member.email)
    // What the previous test queued goes now, with the key back in Vault.
    expect(await stack.sql`select private.send_due_notification_emails() as sent`).toEqual([
      { sent: 1 },
    ])
    await expect
      .poll(() => inboxCount(member.email), { timeout: 20_000, interval: 200 })
      .toBe(before + 1)
    await expect
      .poll(
        async () =>
          await stack.sql`
            select r.status_code from private.email_batches b
            join net._http_response r on r.id = b.request_id
            where b.user_id = ${member.id}`,
        { timeout: 20_000, interval: 200 }
      )
      .toEqual([{ status_code: 200 }])
  })
})
