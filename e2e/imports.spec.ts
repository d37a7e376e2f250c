// Slack import end to end, through the background path a team's server runs it on: the zip
// uploaded by the app, the import queued, pg_net posting to the Edge Function imports at Vault's
// project_url (stored by the stack on start, not by a seed), the dialog following it live. Ana
// makes a workspace and imports Slack's export of her team there ("Then import our history from
// a Slack export"; the zip built here as Slack lays it out, supabase/functions/_shared/archive/
// FORMAT.md: one person with her address, #general with two of her messages). Its people, Ana's
// Slack self among them, are imported placeholders (issue 49, item 1): she emails the import's
// invitation, opens its link, is told what accepting brings, accepts, and finds her messages there
// as hers (in #general-slack: the new workspace has a #general of its own). The archive carries
// a custom emoji too (emoji.json and its image under emoji/, as archiving tools keep Slack's emoji
// list): her reaction :partyparrot: shows its image. Exporting a workspace: exports.spec.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import sharp from 'sharp'
import { linkFromEmail } from './support/inbox.ts'
import { expect, test } from './support/test.ts'
import { actor, messageWith, waitLive } from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'
import { chooseFile } from './support/controls.ts'

let folder = ''

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-import-'))
})

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

/**
 * Slack's export of a team of one (this address) whose #general holds these two messages, the
 * first with her reaction :partyparrot:, the workspace's custom emoji (this image).
 */
function slackExport(email: string, texts: [string, string], parrot: Buffer): Uint8Array {
  const at = Math.floor(Date.now() / 1000) - 3600
  const day = new Date(at * 1000).toISOString().slice(0, 10)
  const json = (value: unknown) => strToU8(JSON.stringify(value))
  return zipSync({
    'users.json': json([
      {
        id: 'U1',
        name: 'ana',
        real_name: 'Ana',
        deleted: false,
        is_bot: false,
        profile: { email, display_name: 'Ana', real_name: 'Ana', title: '', image_512: '' },
      },
    ]),
    'channels.json': json([
      {
        id: 'C1',
        name: 'general',
        created: at,
        creator: 'U1',
        is_archived: false,
        is_general: true,
        members: ['U1'],
        topic: { value: '' },
        purpose: { value: '' },
      },
    ]),
    [`general/${day}.json`]: json(
      texts.map((text, i) => ({
        type: 'message',
        user: 'U1',
        text,
        ts: `${at + i}.000100`,
        ...(i === 0 ? { reactions: [{ name: 'partyparrot', users: ['U1'], count: 1 }] } : {}),
      }))
    ),
    'emoji.json': json({ partyparrot: 'https://emoji.slack-edge.com/T1/partyparrot/1.png' }),
    'emoji/partyparrot.png': new Uint8Array(parrot),
  })
}

test("Slack's export imported into a new workspace, its person invited and taking the history over", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const { page } = ana
  const stamp = Date.now().toString(36)
  await inOwnWorkspace(ana, `Home ${stamp}`)
  await waitLive(page)
  const zipPath = path.join(folder, 'slack-export.zip')
  await writeFile(
    zipPath,
    slackExport(
      ana.email,
      [`first words ${stamp}`, `second words ${stamp}`],
      await sharp({
        create: { width: 64, height: 64, channels: 4, background: '#e33' },
      })
        .png()
        .toBuffer()
    )
  )

  await test.step('the zip imported into a new workspace, its person invited afterwards', async () => {
    await page.getByRole('link', { name: 'Create a workspace' }).click()
    await page.getByLabel('Workspace name').fill(`Imported ${stamp}`)
    await page.getByLabel('Then import our history from a Slack export').check()
    await page.getByRole('button', { name: 'Create workspace' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import from Slack' })
    await chooseFile(dialog.getByRole('button', { name: 'Choose a .zip file…' }), zipPath)
    await expect(dialog.getByText('slack-export.zip')).toBeVisible()
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
    // Her reaction (hers now) with the archive's custom emoji shows its image.
    const parrot = messageWith(page, `first words ${stamp}`)
      .getByRole('group', { name: 'Reactions' })
      .getByRole('button', { name: /^:partyparrot: by you/ })
      .locator('img.emoji-custom[alt=":partyparrot:"]')
    await expect(parrot).toBeVisible()
    await expect
      .poll(() => parrot.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
  })
})
