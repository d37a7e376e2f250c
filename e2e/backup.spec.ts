// Backups end to end, as a team on its own server takes and uses them: on a `serve` stack of the
// spec's own (production mode in any arrangement: its own keys, its own SMTP server), Ana signs up,
// writes in #general and shares an image; `backup` (the CLI, on the running server) writes the
// archive; a message written after it is not in it. The server is stopped and its folder deleted;
// `restore` fills a fresh data folder from the archive, and `serve` on that folder, at another
// address, comes up with the same keys (serve-secrets.json was in the archive: never the demo
// keys, never new ones). Ana signs in there with her password through the form, and finds her
// workspace, her message and her image, byte for byte, and not the later message.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { Browser } from '@playwright/test'
import { expect, test } from './support/test.ts'
import {
  actor,
  confirmedMessageWith,
  messageWith,
  send,
  signIn,
  waitLive,
} from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { bulkSend } from './support/bulk.ts'
import { ownStack } from './support/own-stack.ts'
import { startProductionStack } from './support/production-stack.ts'
import type { ProductionStack } from './support/production-stack.ts'
import { runCli } from './support/serve-process.ts'
import { twoInGeneral } from './support/workspace.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

let folder = ''
let original: ProductionStack | null = null
let restored: ProductionStack | null = null
const first = ownStack(async () => (original = await startProductionStack()))
const second = ownStack(
  async () => (restored = await startProductionStack({ dataDir: path.join(folder, 'restored') }))
)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-backup-'))
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  await second.stop()
  await first.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

test('a backup of a serve stack, restored into a fresh folder and served again, brings the team back with its keys', async ({
  browser,
}) => {
  test.setTimeout(360_000)
  const stamp = Date.now().toString(36)
  const archive = path.join(folder, 'chorus-backup.tar.gz')
  const workspace = `Backed up ${stamp}`
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  let loadSent = 0

  await test.step('a team on its server: a message and an image, then a backup under load', async () => {
    await first.start()
    await twoInGeneral(ana, ben, workspace)
    // Ben's load goes to a channel of its own (#general's latest page stays Ana's).
    await ben.page.getByRole('button', { name: 'Create a channel' }).click()
    const dialog = ben.page.getByRole('dialog', { name: 'Create a channel' })
    await dialog.getByLabel('Name').fill('load')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(
      ben.page.getByRole('heading', { level: 2, name: 'load', exact: true })
    ).toBeVisible()
    const loadId = /\/c\/([^/?#]+)/.exec(ben.page.url())![1]!
    await ana.page
      .getByTestId('file-input')
      .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
    await expect(
      ana.page.getByRole('progressbar', { name: 'Upload of pixels.png' })
    ).toHaveAttribute('class', 'progress-done')
    await send(ana.page, `before the backup ${stamp}`)
    await expect(confirmedMessageWith(ana.page, `before the backup ${stamp}`)).toHaveCount(1)
    // Ben writes, one message after another, until the backup is done.
    let backingUp = true
    const load = (async () => {
      while (backingUp) {
        await bulkSend(ben.page, loadId, [`load ${stamp} ${loadSent}`])
        loadSent += 1
      }
    })()
    const backup = await runCli([
      'backup',
      '--workdir',
      original!.workdir,
      '--data-dir',
      original!.dataDir,
      '--output',
      archive,
    ]).finally(() => (backingUp = false))
    await load
    expect(backup.code, backup.stderr).toBe(0)
    expect(loadSent).toBeGreaterThan(0)
    await send(ana.page, `after the backup ${stamp}`)
    await ana.context.close()
    await ben.context.close()
    await first.stop()
  })

  await test.step('restored into a fresh folder and served at another address, with its keys', async () => {
    const restore = await runCli(['restore', archive, '--data-dir', path.join(folder, 'restored')])
    expect(restore.code, restore.stderr).toBe(0)
    await second.start()
    expect(restored!.appUrl).not.toBe(original!.appUrl)
    expect(restored!.anonKey).toMatch(/^sb_publishable_/)
    expect(restored!.anonKey).toBe(original!.anonKey)
    expect(restored!.serviceRoleKey).toBe(original!.serviceRoleKey)
  })

  await test.step('Ana signs in with her password and finds everything the backup held', async () => {
    const again = await actor(browser, 'Ana')
    const person = { ...again, name: ana.name, email: ana.email, password: ana.password }
    await signIn(person)
    await expect(
      again.page.getByRole('heading', { level: 2, name: 'general', exact: true })
    ).toBeVisible()
    await expect(again.page.getByRole('heading', { level: 1, name: workspace })).toBeVisible()
    await waitLive(again.page)
    const message = messageWith(again.page, `before the backup ${stamp}`)
    await expect(message).toBeVisible()
    const image = message.getByRole('img', { name: 'pixels.png' })
    await expect(image).toBeVisible()
    const bytes = await image.evaluate(async (img: HTMLImageElement) => {
      const response = await fetch(img.src)
      const buffer = new Uint8Array(await response.arrayBuffer())
      return Array.from(buffer)
    })
    expect(Buffer.from(bytes).equals(PNG)).toBe(true)
    await expect(messageWith(again.page, `after the backup ${stamp}`)).toHaveCount(0)
    // Ana leaves (for the mention below to find her away).
    await again.context.close()
  })

  await test.step('what the backup held is one moment: the load up to a point, no gap', async () => {
    const sql = postgres(restored!.dbUrl, { max: 1, onnotice: () => {} })
    try {
      const rows = await sql<{ body: string }[]>`
        select m.body from public.messages m
        join public.channels c on c.id = m.channel_id and c.name = 'load'
        join public.workspaces w on w.id = c.workspace_id and w.name = ${workspace}
        where m.body like ${`load ${stamp} %`}`
      const numbers = rows.map((r) => Number(r.body.split(' ').at(-1))).sort((a, b) => a - b)
      expect(numbers).toEqual(numbers.map((_, i) => i))
      expect(numbers.length).toBeLessThanOrEqual(loadSent)
      console.log(`[backup] ${numbers.length} of the ${loadSent} load messages are in the backup`)
      const [channel] = await sql<{ n: number; top: number; last: number }[]>`
        select count(*)::int as n, max(m.seq)::int as top, c.last_seq::int as last
        from public.channels c
        join public.workspaces w on w.id = c.workspace_id and w.name = ${workspace}
        join public.messages m on m.channel_id = c.id and m.in_channel
        where c.name = 'load' group by c.last_seq`
      expect(channel!.n).toBe(channel!.top)
      expect(channel!.last).toBe(channel!.top)
    } finally {
      await sql.end({ timeout: 2 })
    }
  })

  await test.step('the restored server still mails: a mention of Ana while she is away', async () => {
    await mentionMailed(restored!, ana, await signedInAgain(browser, ben), stamp)
  })
})

/** The person, signed in again on the current stack in a new browser context. */
async function signedInAgain(browser: Browser, person: Actor): Promise<Actor> {
  const again = await actor(browser, person.name)
  const same = { ...again, name: person.name, email: person.email, password: person.password }
  await signIn(same)
  // In #general, where the other person is
  await same.page.locator('a[data-channel-id]', { hasText: 'general' }).click()
  await expect(
    same.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  await waitLive(same.page)
  return same
}

/** `from` mentions `to` (signed out) on the stack; its notification job mails `to` once. */
async function mentionMailed(
  stack: ProductionStack,
  to: Actor,
  from: Actor,
  stamp: string
): Promise<void> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
  try {
    // The job every second with a 3 s delay, as notifications-email.spec.ts runs it.
    await sql`
      insert into private.notification_config (name, value) values ('email_delay_seconds', '3')
      on conflict (name) do update set value = excluded.value`
    await sql`
      select cron.alter_job(jobid, schedule => '1 seconds') from cron.job
      where jobname = 'chorus-notification-emails'`
    await send(from.page, `@${to.name} the restore worked ${stamp}`)
    const mails = async () => {
      const response = await fetch(
        `${stack.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to.email}`)}`
      )
      const { messages } = (await response.json()) as { messages: { Subject: string }[] }
      return messages.filter((m) => /wrote to you/.test(m.Subject)).map((m) => m.Subject)
    }
    await expect.poll(mails, { timeout: 30_000 }).toEqual([`${from.name} wrote to you in #general`])
  } finally {
    await sql.end({ timeout: 2 })
  }
}
