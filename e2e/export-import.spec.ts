// Workspace export and Slack import end to end, through the background path a team's server runs
// them on: the request queued by the app, pg_net posting to the Edge Function at Vault's
// project_url (stored by the stack on start, not by a seed), the function writing the zip to
// Storage, the dialog following it live. Ana writes two messages in #general, exports the
// workspace from the workspace menu, downloads the zip through its signed link and finds Slack's
// layout in it (channels.json, users.json, general/<day>.json with her messages); then she makes
// a second workspace, imports that zip there ("Then import our history from a Slack export"),
// where its people, Ana among them, are imported placeholders (issue 49, item 1): she emails the
// import's invitation, opens its link, is told what accepting brings, accepts, and finds her
// messages there as hers (in #general-slack: the new workspace has a #general of its own).
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { linkFromEmail } from './support/inbox.ts'
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, signUpByApi, waitLive } from './support/actors.ts'
import { createWorkspace } from './support/workspace.ts'

let folder = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-export-'))
})

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

test('a workspace exported from the menu downloads as a Slack zip, and imports into another workspace', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const ana = await actor(browser, 'Ana')
  const { page } = ana
  const stamp = Date.now().toString(36)
  await signUpByApi(ana)
  await createWorkspace(ana, `Export ${stamp}`)
  await waitLive(page)
  await send(page, `first words ${stamp}`)
  await send(page, `second words ${stamp}`)
  const zipPath = path.join(folder, 'export.zip')

  await test.step('export the workspace and download the zip', async () => {
    await page.getByRole('button', { name: 'Workspace menu' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export' })
    await dialog.getByRole('button', { name: 'Export the workspace' }).click()
    await expect(dialog.getByRole('status').first()).toContainText('Ready', { timeout: 60_000 })
    await dialog.getByRole('button', { name: 'Get a download link' }).click()
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('link', { name: 'Download the zip' }).click()
    const download = await downloading
    await download.saveAs(zipPath)
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step("the zip is in Slack's layout, with the messages", async () => {
    const files = unzipSync(new Uint8Array(await readFile(zipPath)))
    const names = Object.keys(files)
    expect(names).toEqual(expect.arrayContaining(['channels.json', 'users.json']))
    const channels = JSON.parse(strFromU8(files['channels.json']!)) as { name: string }[]
    expect(channels.map((c) => c.name)).toContain('general')
    const days = names.filter((name) => /^general\/\d{4}-\d{2}-\d{2}\.json$/.test(name))
    expect(days.length).toBeGreaterThan(0)
    const texts = days.flatMap((day) =>
      (JSON.parse(strFromU8(files[day]!)) as { text: string }[]).map((m) => m.text)
    )
    expect(texts).toEqual(expect.arrayContaining([`first words ${stamp}`, `second words ${stamp}`]))
  })

  await test.step('the zip imported into a new workspace, its person invited afterwards', async () => {
    await page.getByRole('link', { name: 'Create a workspace' }).click()
    await page.getByLabel('Workspace name').fill(`Imported ${stamp}`)
    await page.getByLabel('Then import our history from a Slack export').check()
    await page.getByRole('button', { name: 'Create workspace' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import from Slack' })
    await dialog.getByLabel('Slack export (.zip)').setInputFiles(zipPath)
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(dialog.getByRole('status').first()).toContainText(/^Imported 2 messages/, {
      timeout: 90_000,
    })
    // The import attached nobody, Ana's own address included: she invites its person.
    await expect(
      dialog.getByText(/1 person from this import has no invitation yet to take over/)
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Email the invitation' }).click()
    await expect(dialog.getByRole('button', { name: 'Email the invitation' })).toBeHidden()
    await dialog.getByRole('button', { name: 'Close' }).click()
    // Until she accepts, her Slack self is an imported member beside her (in #general too).
    await page.getByRole('button', { name: 'Show members' }).click()
    const panel = page.getByRole('complementary', { name: 'Channel members' })
    const marked = panel.getByRole('listitem').filter({ hasText: 'IMPORTED' })
    await expect(marked).toHaveCount(1)
    await expect(marked).toContainText('Ana')
  })

  await test.step('the invitation, accepted by her address, makes the history hers', async () => {
    await page.goto(await linkFromEmail(ana.email, new RegExp(`invited you to Imported ${stamp}`)))
    await expect(
      page.getByText(/Accepting also makes the history imported from Slack as/)
    ).toContainText('(2 messages)')
    await page.getByRole('button', { name: `Join Imported ${stamp}` }).click()
    // The new workspace has a #general of its own: Slack's comes in beside it, renamed.
    await page.locator('a[data-channel-id]', { hasText: 'general-slack' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'general-slack', exact: true })
    ).toBeVisible()
    await expect(messageWith(page, `first words ${stamp}`)).toBeVisible()
    await expect(messageWith(page, `second words ${stamp}`)).toBeVisible()
    // hers now: no IMPORTED mark
    await expect(messageWith(page, `first words ${stamp}`).locator('.imported-marker')).toHaveCount(
      0
    )
  })
})
