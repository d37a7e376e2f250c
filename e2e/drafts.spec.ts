// Drafts on every device (issue 71, item 4) under `serve`, Ana on two computers (two browsers,
// the same account): what she types in #general's box on one appears in that box on the other,
// live, both ways; a thread's box too, shown when she opens the thread on the other and live
// while it is open there. The Drafts view lists both with its count; opening a card puts her in
// that box. Sending removes the draft on both; deleting one from Drafts empties its box
// everywhere. A draft typed just before the page is left is saved once the app is back.
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import {
  actor,
  answerConfirm,
  composer,
  messageWith,
  send,
  signIn,
  waitLive,
} from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { thread, threadLive } from './support/thread.ts'
import { inOwnWorkspace } from './support/workspace.ts'

function draftsLink(page: Page) {
  return page
    .locator('.threads-link')
    .filter({ has: page.locator('.channel-name', { hasText: /^Drafts$/ }) })
}

const threadBox = (page: Page) => thread(page).getByRole('combobox', { name: /^Message / })

async function openThread(page: Page, text: string) {
  const parent = messageWith(page, text)
  await parent.hover()
  await parent.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(page)
}

test('a draft follows me to my other computer, and goes everywhere once sent or deleted', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  await inOwnWorkspace(ana, `Drafts ${Date.now().toString(36)}`)
  const laptop = ana.page
  const workspace = /\/w\/([^/]+)/.exec(laptop.url())![1]!
  await waitLive(laptop)
  await send(laptop, 'Lunch order')
  // The same account in another browser.
  const again = await actor(browser, 'Ana')
  await signIn({ ...again, email: ana.email, password: ana.password })
  const desk = again.page
  await expect(desk).toHaveURL(/\/w\//)
  await desk.goto(appUrl(`/w/${workspace}`))
  await expect(messageWith(desk, 'Lunch order')).toBeVisible()
  await waitLive(desk)

  await test.step("what she types in #general's box on one appears on the other", async () => {
    await composer(laptop).fill('Plan for the offsite: venue, dates')
    await expect(composer(desk)).toHaveValue('Plan for the offsite: venue, dates')
    await composer(desk).fill('Plan for the offsite: venue, dates, budget')
    await expect(composer(laptop)).toHaveValue('Plan for the offsite: venue, dates, budget')
  })

  await test.step("a thread's box too: shown when opened there, then live", async () => {
    await openThread(laptop, 'Lunch order')
    await threadBox(laptop).fill('Two pizzas')
    await expect(draftsLink(desk).locator('.badge')).toHaveText('2')
    await openThread(desk, 'Lunch order')
    await expect(threadBox(desk)).toHaveValue('Two pizzas')
    // open (and focused) but not typed in there: the newer text comes in
    await threadBox(laptop).fill('Two pizzas, one salad')
    await expect(threadBox(desk)).toHaveValue('Two pizzas, one salad')
    await thread(desk).getByRole('button', { name: 'Close thread' }).click()
    await thread(laptop).getByRole('button', { name: 'Close thread' }).click()
  })

  await test.step('Drafts lists both; opening one puts her in its box', async () => {
    await draftsLink(desk).click()
    await expect(desk.getByRole('heading', { level: 2, name: 'Drafts' })).toBeVisible()
    const cards = desk.locator('.drafts-card')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0)).toContainText('Thread in #general')
    await expect(cards.nth(0)).toContainText('Two pizzas, one salad')
    await expect(cards.nth(1)).toContainText('#general')
    await cards
      .nth(1)
      .getByRole('button', { name: /Plan for the offsite/ })
      .click()
    await expect(composer(desk)).toHaveValue('Plan for the offsite: venue, dates, budget')
    await expect(composer(desk)).toBeFocused()
  })

  await test.step('sending removes the draft on both', async () => {
    await composer(desk).press('Enter')
    await expect(messageWith(laptop, 'Plan for the offsite: venue, dates, budget')).toBeVisible()
    await expect(composer(desk)).toHaveValue('')
    await expect(composer(laptop)).toHaveValue('')
    await expect(draftsLink(laptop).locator('.badge')).toHaveText('1')
  })

  await test.step('deleting one in Drafts empties its box everywhere', async () => {
    await draftsLink(laptop).click()
    const card = laptop.locator('.drafts-card')
    await expect(card).toHaveCount(1)
    await card.getByRole('button', { name: 'Delete draft' }).click()
    await answerConfirm(laptop, 'Delete draft')
    await expect(laptop.getByRole('heading', { name: 'No drafts' })).toBeVisible()
    await expect(draftsLink(desk).locator('.badge')).toHaveCount(0)
    await openThread(desk, 'Lunch order')
    await expect(threadBox(desk)).toHaveValue('')
    await thread(desk).getByRole('button', { name: 'Close thread' }).click()
  })

  await test.step('a draft typed just before the page is left reaches the other', async () => {
    await laptop.goto(appUrl(`/w/${workspace}`))
    await composer(laptop).fill('Typed and closed at once')
    // Left before its save goes out: this device keeps it, and saves it once the app is back.
    await laptop.reload()
    await expect(composer(laptop)).toHaveValue('Typed and closed at once')
    await expect(composer(desk)).toHaveValue('Typed and closed at once')
  })
})
