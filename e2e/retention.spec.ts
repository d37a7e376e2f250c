// Retention end to end, down to the files: Ana sets her workspace to keep messages 1 day
// (workspace menu, Retention), a message of hers with an image is made two days old (the one
// thing the spec does behind the app's back: it moves that message's created_at, with the
// messages' triggers off for that statement), and the hourly run is called at once
// (`call private.run_retention()`, what the Supabase Cron job `chorus-retention` calls). The
// message is gone and the newer one stays; the image's object leaves Storage, removed by the Edge
// Function retention-files, which the run reaches through pg_net at Vault's project_url (stored
// by the stack on start: under `serve` no seed writes it).
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, messageWith, send, waitLive } from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'
import { choose } from './support/controls.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

let sql: Sql

test.beforeAll(() => {
  const dbUrl = process.env.CHORUS_DB_URL
  if (!dbUrl) throw new Error('CHORUS_DB_URL is not set: run through playwright.config.ts')
  sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
})

test.afterAll(async () => {
  await sql.end({ timeout: 2 })
})

test('messages past the workspace’s retention go, and their files leave Storage', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const { page } = ana
  const stamp = Date.now().toString(36)
  await inOwnWorkspace(ana, `Retention ${stamp}`)
  await waitLive(page)

  await page.getByTestId('file-input').setInputFiles({
    name: 'old.png',
    mimeType: 'image/png',
    buffer: PNG,
  })
  await expect(page.getByRole('progressbar', { name: 'Upload of old.png' })).toHaveAttribute(
    'class',
    'progress-done'
  )
  await send(page, `an old mockup ${stamp}`)
  await send(page, `still fresh ${stamp}`)
  const find = async () =>
    (
      await sql<{ id: string; path: string }[]>`
        select m.id, a.path from public.messages m
        join public.attachments a on a.message_id = m.id
        where m.body = ${`an old mockup ${stamp}`}`
    )[0]
  await expect.poll(async () => !!(await find())).toBe(true)
  const old = (await find())!
  const objects = async () =>
    (
      await sql<{ n: number }[]>`
        select count(*)::int as n from storage.objects
        where bucket_id = 'attachments' and name = ${old.path}`
    )[0]!.n
  expect(await objects()).toBe(1)

  await test.step('the owner keeps messages 1 day', async () => {
    await page.getByRole('button', { name: 'Workspace menu' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Retention' }).click()
    const dialog = page.getByRole('dialog', { name: 'Retention' })
    await choose(dialog.getByRole('combobox', { name: 'Keep messages in the workspace' }), '1 day')
    await answerConfirm(page, 'Delete')
    await expect(dialog.locator('.retention-sentence').first()).toContainText(
      'older than 1 day are deleted'
    )
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('two days later, the hourly run deletes the message and its file', async () => {
    await sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`
      await tx`update public.messages set created_at = now() - interval '2 days' where id = ${old.id}`
    })
    await sql`call private.run_retention()`
    await page.reload()
    await waitLive(page)
    await expect(messageWith(page, `still fresh ${stamp}`)).toBeVisible()
    await expect(messageWith(page, `an old mockup ${stamp}`)).toHaveCount(0)
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.messages where id = ${old.id}`
    expect(left!.n).toBe(0)
    // Through pg_net, Vault's project_url and the function retention-files.
    await expect.poll(objects, { timeout: 30_000 }).toBe(0)
  })
})
