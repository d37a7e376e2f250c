// Forwarding a message (issue 71, item 7) under `serve`, three people in three browsers: Ana posts
// a plan with a file in the private #plans (with Bo), and forwards it from its "More actions" menu
// into #general with a comment. Bo (in #plans) sees the forward arrive live as a quoted card
// under Ana's comment, downloads the file and opens the original at its place with "View
// message". Cy (in #general, not in #plans) sees the same card and downloads the file too, but
// the card says it came from a private channel she is not in, with no link to open.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { createInviteLink, joinByInvite, twoInGeneral } from './support/workspace.ts'

const forwardOf = (page: Page, comment: string) =>
  page
    .locator('article.message')
    .filter({ has: page.locator('.message-body', { hasText: comment }) })
    .filter({ has: page.locator('.forward-card') })

test('a message with a file forwarded from a private channel, seen live, opened by who may', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  const cy = await actor(browser, 'Cy')
  const workspace = `Forward ${Date.now().toString(36)}`
  await twoInGeneral(ana, bo, workspace)
  const a = ana.page
  await joinByInvite(cy, await createInviteLink(a), workspace)
  await waitLive(cy.page)

  await test.step('Ana posts a plan with a file in the private #plans, with Bo', async () => {
    await a.getByRole('button', { name: 'Create a channel' }).click()
    const dialog = a.getByRole('dialog', { name: 'Create a channel' })
    await dialog.getByLabel('Name').fill('plans')
    await dialog.getByLabel('Private: only people added can see it').check()
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(a.getByRole('heading', { level: 2, name: 'plans', exact: true })).toBeVisible()
    await a.getByRole('button', { name: 'Add people to the channel' }).click()
    const add = a.getByRole('dialog', { name: /Add people/ })
    await add.getByLabel(bo.name).check()
    await add.getByRole('button', { name: 'Add' }).click()
    await expect(add).toHaveCount(0)
    await waitLive(a)
    await a.getByTestId('file-input').setInputFiles({
      name: 'budget.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 budget'),
    })
    await expect(a.getByRole('progressbar', { name: 'Upload of budget.pdf' })).toHaveAttribute(
      'class',
      'progress-done',
      { timeout: 30_000 }
    )
    await send(a, 'Offsite on **June 3**, budget attached')
  })

  await bo.page.locator('a[data-channel-id]', { hasText: 'general' }).click()
  await waitLive(bo.page)
  await waitLive(cy.page)

  await test.step('Ana forwards it to #general with a comment', async () => {
    const original = messageWith(a, 'Offsite on June 3').filter({ hasText: 'budget.pdf' })
    await expect(original).toBeVisible()
    await original.hover()
    await original.getByRole('button', { name: 'More actions' }).click()
    await a.getByRole('menuitem', { name: 'Forward message…' }).click()
    const dialog = a.getByRole('dialog', { name: 'Forward message' })
    // The preview shows what goes: the author, the text and the file, from #plans.
    await expect(dialog.locator('.forward-card')).toContainText('Offsite on June 3')
    await expect(dialog.locator('.forward-card')).toContainText('budget.pdf')
    await expect(dialog.locator('.forward-card')).toContainText('From #plans')
    await expect(dialog.getByRole('button', { name: 'Forward', exact: true })).toBeDisabled()
    await dialog.getByLabel('Forward to').fill('gen')
    await dialog.getByRole('checkbox', { name: /#general/ }).check()
    await expect(dialog.getByRole('list', { name: 'Chosen destinations' })).toContainText(
      '#general'
    )
    await dialog.getByLabel('Add a message (optional)').fill('Everyone, please read this')
    await dialog.getByRole('button', { name: 'Forward', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(
      a.locator('.toast-message', { hasText: 'Message forwarded to #general' })
    ).toBeVisible()
  })

  await test.step('Bo sees it arrive live in #general, downloads the file, opens the original', async () => {
    const card = forwardOf(bo.page, 'Everyone, please read this').locator('.forward-card')
    await expect(card).toBeVisible()
    await expect(card).toContainText(ana.name)
    await expect(card).toContainText('Offsite on June 3')
    await expect(card).toContainText('From #plans')
    const download = card.getByRole('link', { name: 'Download budget.pdf' })
    await expect(download).toHaveAttribute('href', /\/object\/sign\/attachments\//)
    const href = await download.getAttribute('href')
    expect((await bo.page.request.get(href!)).status()).toBe(200)
    await card.getByRole('link', { name: 'View message' }).click()
    await expect(
      bo.page.getByRole('heading', { level: 2, name: 'plans', exact: true })
    ).toBeVisible()
    await expect(
      bo.page.locator('article.message.message-focused', { hasText: 'Offsite on June 3' })
    ).toBeVisible()
  })

  await test.step('Cy, not in #plans, reads the card and its file but cannot open the original', async () => {
    const card = forwardOf(cy.page, 'Everyone, please read this').locator('.forward-card')
    await expect(card).toBeVisible()
    await expect(card).toContainText('Offsite on June 3')
    await expect(card).toContainText('From a private channel you are not in')
    await expect(card.getByRole('link', { name: 'View message' })).toHaveCount(0)
    const download = card.getByRole('link', { name: 'Download budget.pdf' })
    await expect(download).toHaveAttribute('href', /\/object\/sign\/attachments\//)
    expect((await cy.page.request.get((await download.getAttribute('href'))!)).status()).toBe(200)
    // The original's own file is not hers to sign.
    await expect(cy.page.locator('a[data-channel-id]', { hasText: 'plans' })).toHaveCount(0)
  })
})
