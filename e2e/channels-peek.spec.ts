// A public channel before joining it, and "Let them know" (issue 68, item 3). Ana names Bo in a
// public channel he is not in and lets him know; it reaches his Activity live, opens the
// channel's preview at her message (read-only, with a bar to join), and joining makes it his
// channel, where his reply reaches Ana live. A private channel's address shows him nothing.
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

async function createChannel(page: Page, name: string, isPrivate = false) {
  await page.getByRole('button', { name: 'Create a channel' }).click()
  const create = page.getByRole('dialog', { name: 'Create a channel' })
  await create.getByLabel('Name').fill(name)
  if (isPrivate) await create.getByLabel('Private: only people added can see it').check()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  await waitLive(page)
}

test('a public channel opens as a preview to join; "Let them know" reaches Activity', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Peek ${Date.now().toString(36)}`)
  const a = ana.page
  const b = bo.page

  await createChannel(a, 'secret-plans', true)
  const secretUrl = a.url()
  await send(a, 'Only for the few')
  await createChannel(a, 'design')
  await send(a, 'Mockups for the launch page')

  await test.step('Ana names Bo, who is not in #design, and lets him know', async () => {
    await composer(a).fill(`@${bo.name} what do you think?`)
    await composer(a).press('Escape')
    await composer(a).press('Enter')
    await expect(messageWith(a, 'what do you think?')).toBeVisible()
    const notice = a.getByRole('status').filter({ hasText: `${bo.name} is not in #design` })
    await expect(notice).toContainText('was not notified')
    await notice.getByRole('button', { name: 'Let them know' }).click()
    await expect(
      a
        .getByRole('status')
        .filter({ hasText: `${bo.name} will find your message in their Activity.` })
    ).toBeVisible()
  })

  await test.step('Bo finds it in his Activity and opens the preview at it', async () => {
    await b.locator('.threads-link', { hasText: 'Activity' }).click()
    const item = b
      .locator('.activity-row')
      .filter({ hasText: `${ana.name} mentioned you in #design` })
    await expect(item).toContainText('what do you think?')
    await item.click()
    const preview = b.getByRole('region', { name: 'Preview of #design' })
    await expect(preview.getByRole('heading', { level: 2, name: 'design' })).toBeVisible()
    await expect(preview.locator('article.message[aria-current="true"]')).toContainText(
      'what do you think?'
    )
    await expect(messageWith(b, 'Mockups for the launch page')).toBeVisible()
    await expect(preview.getByText('You are viewing #design.')).toBeVisible()
    // Read-only: no message box until he joins.
    await expect(composer(b)).toHaveCount(0)
  })

  await test.step('a private channel he is not in shows him nothing of it', async () => {
    await b.goto(secretUrl)
    await expect(b.getByRole('heading', { name: 'Channel not available' })).toBeVisible()
    await expect(b.getByText('Only for the few')).toHaveCount(0)
    await b.getByRole('main').getByRole('button', { name: 'Browse channels' }).click()
    const browse = b.getByRole('dialog', { name: 'Browse channels' })
    await expect(browse.getByText('#secret-plans')).toHaveCount(0)
    await browse.getByRole('button', { name: 'View #design' }).click()
    await expect(b.getByRole('region', { name: 'Preview of #design' })).toBeVisible()
  })

  await test.step('joining makes #design his, and his reply reaches Ana live', async () => {
    await b.getByRole('button', { name: 'Join channel' }).click()
    await expect(b.getByRole('region', { name: 'Preview of #design' })).toHaveCount(0)
    await expect(b.locator('a[data-channel-id]', { hasText: 'design' })).toBeVisible()
    await waitLive(b)
    await send(b, 'Love the colours')
    await expect(messageWith(a, 'Love the colours')).toBeVisible()
  })
})
