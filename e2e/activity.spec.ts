// Catching up (issue 68, item 2): Activity gathers what happened to me (a reaction to my message,
// a reply in my thread, a mention), live, with the sidebar's count; All unreads shows my unread
// messages by channel and marks a channel read; both open from the quick switcher too.
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

function sidebarLink(page: Page, name: RegExp) {
  return page
    .locator('.threads-link')
    .filter({ has: page.locator('.channel-name', { hasText: name }) })
}

test('Activity and All unreads: what happened while I looked elsewhere, live', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Catch up ${Date.now().toString(36)}`)
  const a = ana.page
  const activity = sidebarLink(a, /^Activity$/)
  const unreads = sidebarLink(a, /^All unreads$/)
  const rows = a.locator('.activity-row')

  await send(a, 'Plan for Monday')
  await activity.click()
  await expect(a.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible()
  await expect(a.getByRole('heading', { name: 'Nothing new for you yet' })).toBeVisible()

  await test.step('Bo reacts, replies in the thread and mentions Ana', async () => {
    const plan = messageWith(bo.page, 'Plan for Monday')
    await plan.hover()
    await plan.getByRole('button', { name: 'Add reaction' }).click()
    await bo.page.getByRole('menuitem', { name: '🎉' }).click()
    await expect(plan.locator('.reaction')).toHaveCount(1)
    await plan.hover()
    await plan.getByRole('button', { name: 'Reply in thread' }).click()
    await threadLive(bo.page)
    const box = thread(bo.page).getByRole('combobox', { name: /^Message / })
    await box.fill('Looks good to me')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await thread(bo.page).getByRole('button', { name: 'Close thread' }).click()
    await waitLive(bo.page)
    await composer(bo.page).fill(`@${ana.name} can you check the numbers?`)
    await composer(bo.page).press('Escape')
    await composer(bo.page).press('Enter')
    await expect(messageWith(bo.page, 'can you check the numbers?')).toBeVisible()
    // Ana is in #general: no "not in #general" prompt for her.
    await expect(bo.page.getByText(`${ana.name} is not in #general`)).toHaveCount(0)
  })

  await test.step("Ana's Activity shows all three, unread, live, and counts them", async () => {
    const reaction = rows.filter({ hasText: `${bo.name} reacted to your message in #general` })
    await expect(reaction.getByRole('img', { name: '🎉' })).toBeVisible()
    await expect(
      rows.filter({ hasText: `${bo.name} replied in a thread in #general` })
    ).toContainText('Looks good to me')
    await expect(rows.filter({ hasText: `${bo.name} mentioned you in #general` })).toContainText(
      'can you check the numbers?'
    )
    await expect(rows).toHaveCount(3)
    await expect(a.locator('.activity-unread')).toHaveCount(3)
    await expect(activity).toHaveAttribute('aria-label', 'Activity, 3 new')
    await a.getByRole('button', { name: 'Mentions', exact: true }).click()
    await expect(rows).toHaveCount(1)
    await a.getByRole('button', { name: /^All/ }).click()
    await expect(rows).toHaveCount(3)
  })

  await test.step('All unreads shows the unread message by channel and marks it read', async () => {
    await expect(unreads).toHaveAttribute('aria-label', 'All unreads, 1 message')
    await unreads.click()
    const group = a.getByRole('article', { name: '#general' })
    await expect(group).toContainText('1 new message')
    await expect(group).toContainText('can you check the numbers?')
    await expect(group).not.toContainText('Plan for Monday')
    await group.getByRole('button', { name: 'Mark as read' }).click()
    await expect(a.getByRole('heading', { name: "You're all caught up" })).toBeVisible()
    await expect(unreads).toHaveAttribute('aria-label', 'All unreads')
  })

  await test.step('read in its channel, the mention is read; opened, the reaction too', async () => {
    await activity.click()
    await expect(rows).toHaveCount(3)
    await expect(a.locator('.activity-unread')).toHaveCount(2)
    await expect(activity).toHaveAttribute('aria-label', 'Activity, 2 new')
    await rows.filter({ hasText: 'reacted' }).click()
    await expect(messageWith(a, 'Plan for Monday')).toBeVisible()
    await activity.click()
    await expect(a.locator('.activity-unread')).toHaveCount(1)
    await a.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(a.locator('.activity-unread')).toHaveCount(0)
    await expect(activity).toHaveAttribute('aria-label', 'Activity')
  })

  await test.step('the quick switcher opens them by name', async () => {
    await expect(a.locator('html[data-search-keys]')).toBeAttached()
    await a.keyboard.press('Control+k')
    await a.getByRole('combobox', { name: 'Channel, conversation or person' }).fill('unreads')
    await a.keyboard.press('Enter')
    await expect(a.getByRole('heading', { level: 2, name: 'All unreads' })).toBeVisible()
  })
})
