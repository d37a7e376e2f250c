// The largest file is a workspace setting (issue 68, item 4): the owner sets it to 2 MB in
// Workspace settings; a member's 3 MB file is refused in the composer naming the workspace's
// limit, before a byte is sent; a 1 MB file goes through and the owner gets it. (The server's own
// refusal of an upload over the limit, by standard and resumable upload: supabase/tests/
// attachments-limit.test.ts.)
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

test('an admin sets the largest file; the composer holds a member to it, naming it', async ({
  browser,
}) => {
  const owner = await actor(browser, 'Olu')
  const member = await actor(browser, 'Mei')
  const workspace = `Limits ${Date.now().toString(36)}`
  await twoInGeneral(owner, member, workspace)

  await test.step('the owner sets 2 MB in Workspace settings', async () => {
    await owner.page.getByRole('button', { name: 'Workspace menu' }).click()
    await owner.page.getByRole('menuitem', { name: 'Workspace settings' }).click()
    const settings = owner.page.getByRole('dialog', { name: 'Workspace settings' })
    const size = settings.getByLabel('Largest file people can share')
    const form = settings
      .locator('form')
      .filter({ has: owner.page.getByLabel('Largest file people can share') })
    await expect(size).toHaveValue('50')
    await expect(form.getByRole('combobox', { name: 'Unit' })).toHaveText('MB')
    await size.fill('0.5')
    await expect(form.getByText(/^Enter a size from 1 MB to 2\.1 GB/)).toBeVisible()
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()
    await size.fill('2')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByText(/^Now 2 MB;/)).toBeVisible()
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()
    await settings.getByRole('button', { name: 'Close' }).click()
  })

  const { page } = member
  // The member's workspace list, which carries the limit, as a fresh start reads it.
  await page.reload()
  await waitLive(page)

  await test.step('a 3 MB file is refused in the composer, naming the limit', async () => {
    await page.getByTestId('file-input').setInputFiles({
      name: 'talk.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(3_000_000),
    })
    await expect(
      page.getByText(`talk.mp4 is 3 MB; files in ${workspace} can be at most 2 MB.`)
    ).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Upload of talk.mp4' })).toHaveCount(0)
  })

  await test.step('a 1 MB file goes through, and the owner gets it', async () => {
    await page.getByTestId('file-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(1_000_000),
    })
    await expect(page.getByRole('progressbar', { name: 'Upload of notes.pdf' })).toHaveAttribute(
      'class',
      'progress-done'
    )
    await send(page, 'the notes, within the limit')
    await expect(
      messageWith(owner.page, 'the notes, within the limit').locator('.file-card')
    ).toContainText('notes.pdf')
  })
})
