// Workspace export end to end, through the background path a team's server runs it on: the
// request queued by the app, pg_net posting to the Edge Function exports at Vault's project_url
// (stored by the stack on start, not by a seed), the function writing the zip to Storage, the
// dialog following it live. Ana writes two messages in #general, exports the workspace from the
// workspace menu, downloads the zip through its signed link and finds Slack's layout in it
// (channels.json, users.json, general/<day>.json with her messages). Importing such a zip:
// imports.spec.ts; the round trip itself, everything coming back: supabase/tests/
// exports-roundtrip.test.ts.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test } from './support/test.ts'
import { actor, send, waitLive } from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'

let folder = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-export-'))
})

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

test('a workspace exported from the menu downloads as a Slack zip with its messages', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const ana = await actor(browser, 'Ana')
  const { page } = ana
  const stamp = Date.now().toString(36)
  await inOwnWorkspace(ana, `Export ${stamp}`)
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
})
