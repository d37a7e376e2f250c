// A thread's messages have the channel's actions, end to end with two people against the real
// stack: one at phone width with touch emulated (390 px, hasTouch, isMobile), one on a desktop.
// A reply pinned from the phone's action sheet (long press) shows pinned live on the desktop and
// in the channel's pinned list, whose link opens the thread at the reply; a reply's copied link
// opens the thread at it; "Mark unread" on a reply moves the thread's "New replies" line and the
// sidebar's Threads count; "Save for later" marks a reply saved; the parent's actions are there
// too (by "More actions" on the phone, pinned from the desktop's thread), and a member unpins
// only the pin they made.
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'
import { actor, readClipboard, send } from './support/actors.ts'
import { longPress, phoneActor } from './support/phone.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

/** A reply in the open thread, by its text (the parent is not among them). */
const replyIn = (page: Page, text: string) =>
  thread(page)
    .locator('[role="feed"] article.message')
    .filter({ has: page.locator('.message-body', { hasText: text }) })

const parentIn = (page: Page) => thread(page).locator('.thread-parent article.message')

async function reply(page: Page, text: string): Promise<void> {
  const box = thread(page).getByRole('combobox', { name: /^Message / })
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(replyIn(page, text).and(page.locator(':not(.message-pending)'))).toBeVisible()
}

/** Opens a message's menu by mouse ("More actions", beside it) and runs one of its actions. */
async function act(page: Page, message: Locator, text: RegExp, action: string): Promise<void> {
  await message.hover()
  await message.getByRole('button', { name: 'More actions' }).click()
  const menu = page.getByRole('menu', { name: text })
  await menu.getByRole('menuitem', { name: action }).click()
  await expect(menu).toBeHidden()
}

test("a thread's replies and parent have the channel's actions, by touch and by mouse", async ({
  browser,
}) => {
  // Two people, one at phone width, through every action of a thread: 50-90 s on 2 cores.
  test.setTimeout(180_000)
  const alice = await actor(browser, 'Alice')
  const bob = await phoneActor(browser, 'Bob')
  // A long workspace name: at phone width the header's search button bears it, and the
  // channel's name must still show beside it (twoInGeneral waits for that heading).
  await twoInGeneral(
    alice,
    bob,
    `Thread actions of a long-named workspace ${Date.now().toString(36)}`
  )
  await alice.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await send(alice.page, 'Plan for the offsite')
  const parent = alice.page
    .locator('article.message')
    .filter({ has: alice.page.locator('.message-body', { hasText: 'Plan for the offsite' }) })
  await parent.hover()
  await parent.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(alice.page)
  for (const text of ['Book the train tickets', 'Reserve the hotel', 'Order the catering']) {
    await reply(alice.page, text)
  }

  await test.step('Bob, on the phone, pins a reply from its action sheet (long press)', async () => {
    await bob.page
      .locator('article.message', { hasText: 'Plan for the offsite' })
      .getByRole('button', { name: '3 replies, open the thread' })
      .tap()
    await threadLive(bob.page)
    const hotel = replyIn(bob.page, 'Reserve the hotel')
    await expect(hotel).toBeVisible()
    await expect(hotel.getByRole('button', { name: 'Copy link' })).toBeHidden()
    const sheet = bob.page.getByRole('dialog', { name: /Reserve the hotel/ })
    await longPress(bob.page, hotel.locator('.message-body'), sheet)
    for (const name of ['Copy link', 'Pin to channel', 'Save for later', 'Mark unread']) {
      await expect(sheet.getByRole('button', { name })).toBeVisible()
    }
    await sheet.getByRole('button', { name: 'Pin to channel' }).tap()
    await expect(sheet).toBeHidden()
    await expect(hotel.locator('.pin-marker')).toBeVisible()

    // The parent's actions are there too: "More actions" on it in the thread.
    await parentIn(bob.page).getByRole('button', { name: 'More actions' }).tap()
    const parentSheet = bob.page.getByRole('dialog', { name: /Plan for the offsite/ })
    for (const name of ['Copy link', 'Pin to channel', 'Save for later', 'Mark unread']) {
      await expect(parentSheet.getByRole('button', { name })).toBeVisible()
    }
    await parentSheet.getByRole('button', { name: 'Cancel' }).tap()
    await expect(parentSheet).toBeHidden()
  })

  await test.step("Alice sees the pin live, and the pinned list's link opens the thread at the reply", async () => {
    await expect(replyIn(alice.page, 'Reserve the hotel').locator('.pin-marker')).toBeVisible()
    await thread(alice.page).getByRole('button', { name: 'Close thread' }).click()
    await expect(thread(alice.page)).toBeHidden()
    await alice.page.getByRole('button', { name: '1 pinned message' }).click()
    const list = alice.page.getByRole('dialog', { name: 'Pinned in #general' })
    await expect(list.getByText('Reserve the hotel')).toBeVisible()
    await list.getByRole('link', { name: 'Open in thread' }).click()
    await threadLive(alice.page)
    const focused = thread(alice.page).locator('article.message[aria-current="true"]')
    await expect(focused).toHaveCount(1)
    await expect(focused).toContainText('Reserve the hotel')
    // The channel shows the parent in context, highlighted.
    await expect(alice.page.locator('.open-at .message-focused')).toContainText(
      'Plan for the offsite'
    )
  })

  await test.step("a reply's copied link opens its thread at the reply", async () => {
    const catering = replyIn(alice.page, 'Order the catering')
    await catering.hover()
    await catering.getByRole('button', { name: 'Copy link' }).click()
    await expect(catering.getByRole('button', { name: 'Link copied' })).toBeVisible()
    const link = await readClipboard(alice)
    expect(link).toMatch(/\/w\/[^/]+\/c\/[^/]+\/m\/[0-9a-f-]{36}$/)
    await alice.page.getByRole('button', { name: 'Close thread' }).click()
    await alice.page.goto(link)
    await threadLive(alice.page)
    const focused = thread(alice.page).locator('article.message[aria-current="true"]')
    await expect(focused).toContainText('Order the catering')
  })

  await test.step('mark unread on a reply moves the "New replies" line and the Threads count', async () => {
    await act(
      alice.page,
      replyIn(alice.page, 'Reserve the hotel'),
      /Reserve the hotel/,
      'Mark unread'
    )
    await expect(
      thread(alice.page).locator('div:has(> .new-marker) + div article.message')
    ).toContainText('Reserve the hotel')
    await expect(
      thread(alice.page).locator('.new-marker', { hasText: 'New replies' })
    ).toBeVisible()
    await expect(alice.page.getByRole('link', { name: /^Threads/ })).toHaveAccessibleName(
      'Threads, 2 unread'
    )
  })

  await test.step('save a reply for later from the thread', async () => {
    const tickets = replyIn(alice.page, 'Book the train tickets')
    await act(alice.page, tickets, /Book the train tickets/, 'Save for later')
    // Saved at once; the toast offers a reminder.
    await expect(tickets.locator('.saved-marker')).toHaveText('Saved for later')
    await alice.page.getByRole('button', { name: 'Tomorrow' }).click()
    await expect(alice.page.getByText(/^Reminder set: tomorrow at /)).toBeVisible()
  })

  await test.step('Alice pins the parent from the thread; Bob may unpin only the pin he made', async () => {
    await act(alice.page, parentIn(alice.page), /Plan for the offsite/, 'Pin to channel')
    await expect(parentIn(alice.page).locator('.pin-marker')).toBeVisible()
    await bob.page.getByRole('button', { name: 'Close thread' }).tap()
    await bob.page.getByRole('button', { name: '2 pinned messages' }).tap()
    const list = bob.page.getByRole('dialog', { name: 'Pinned in #general' })
    const items = list.getByRole('listitem')
    await expect(items).toHaveCount(2)
    const pinnedParent = items.filter({ hasText: 'Plan for the offsite' })
    const pinnedReply = items.filter({ hasText: 'Reserve the hotel' })
    await expect(pinnedParent.getByRole('link', { name: 'Open in channel' })).toBeVisible()
    await expect(pinnedParent.getByRole('button', { name: 'Unpin' })).toHaveCount(0)
    await pinnedReply.getByRole('button', { name: 'Unpin' }).tap()
    await expect(items).toHaveCount(1)
  })
})
