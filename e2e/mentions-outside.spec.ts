// A mention of someone outside the channel (issue 68, item 3): the message goes, nobody outside
// is notified, and the sender is offered, as Slack offers, to add them to the channel or to do
// nothing. Added, they have the channel at once (live), private as it is.
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

test('a mention of someone outside a private channel offers to add them, or nothing', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Outside ${Date.now().toString(36)}`)
  const page = ana.page

  await page.getByRole('button', { name: 'Create a channel' }).click()
  const create = page.getByRole('dialog', { name: 'Create a channel' })
  await create.getByLabel('Name').fill('leadership')
  await create.getByLabel('Private: only people added can see it').check()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: 'leadership', exact: true })
  ).toBeVisible()
  await waitLive(page)

  await test.step('"Do nothing" leaves the channel as it is', async () => {
    await composer(page).fill('@Bo a first look, later')
    await composer(page).press('Escape')
    await composer(page).press('Enter')
    await expect(messageWith(page, 'a first look, later')).toBeVisible()
    const notice = page.getByRole('status').filter({ hasText: `${bo.name} is not in #leadership` })
    await expect(notice).toContainText('and will not be notified')
    await notice.getByRole('button', { name: 'Do nothing' }).click()
    await expect(notice).toHaveCount(0)
    await expect(bo.page.locator('a[data-channel-id]', { hasText: 'leadership' })).toHaveCount(0)
  })

  await test.step('"Add them" adds them, and the channel shows for them at once', async () => {
    await composer(page).fill('@Bo can you review the plan?')
    await composer(page).press('Escape')
    await composer(page).press('Enter')
    const notice = page.getByRole('status').filter({ hasText: `${bo.name} is not in #leadership` })
    await notice.getByRole('button', { name: 'Add them to #leadership' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${bo.name} to #leadership.` })
    ).toBeVisible()
    const channel = bo.page.locator('a[data-channel-id]', { hasText: 'leadership' })
    await expect(channel).toBeVisible()
    await channel.click()
    await expect(messageWith(bo.page, 'can you review the plan?')).toBeVisible()
  })
})
