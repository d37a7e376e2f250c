// Message actions end to end, two people against the real stack: one at phone width with touch
// emulated (390 px, hasTouch, isMobile), one on a desktop. At phone width no row of buttons sits
// under each message: "More actions" or a long press opens the action sheet. A pin made there
// shows live on the other side (the marker and the channel's pinned list), and an unpin too. On
// the desktop "More actions" opens a menu beside the message; saving is one click in the hover
// bar, a reminder chosen after in the toast.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, messageWith, readClipboard, send, waitLive } from './support/actors.ts'
import { withDatabase } from './support/database.ts'
import { longPress, phoneActor } from './support/phone.ts'
import { inOwnWorkspace, twoInGeneral } from './support/workspace.ts'

const sheet = (page: Page) => page.getByRole('dialog', { name: /Agenda for Friday/ })

test('at phone width the actions open in a sheet, and a pin made there shows live on the other side', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  const bob = await phoneActor(browser, 'Bob')
  await twoInGeneral(alice, bob, `Pins ${Date.now().toString(36)}`)
  await send(alice.page, 'Agenda for Friday: demo, then lunch')

  const onBob = messageWith(bob.page, 'Agenda for Friday')
  await test.step('no buttons under the message at 390 px, only "More actions"', async () => {
    await expect(onBob).toBeVisible()
    for (const name of ['Add reaction', 'Reply in thread', 'Copy link']) {
      await expect(onBob.getByRole('button', { name })).toBeHidden()
    }
    const more = onBob.getByRole('button', { name: 'More actions' })
    await expect(more).toBeVisible()
    // The message is no taller than its text and header: nothing wraps under it.
    const bodyBox = await onBob.locator('.message-body').boundingBox()
    const rowBox = await onBob.boundingBox()
    expect(rowBox!.y + rowBox!.height - (bodyBox!.y + bodyBox!.height)).toBeLessThan(24)
  })

  await test.step('a long press opens the sheet with every action; Cancel closes it', async () => {
    await longPress(bob.page, onBob.locator('.message-body'), sheet(bob.page))
    for (const name of ['Reply in thread', 'Copy link', 'Pin to channel']) {
      await expect(sheet(bob.page).getByRole('button', { name })).toBeVisible()
    }
    await expect(sheet(bob.page).getByRole('button', { name: 'React with 👍' })).toBeVisible()
    await sheet(bob.page).getByRole('button', { name: 'Cancel' }).tap()
    await expect(sheet(bob.page)).toBeHidden()
  })

  await test.step('pin from the sheet; the other side sees it live', async () => {
    await onBob.getByRole('button', { name: 'More actions' }).tap()
    await sheet(bob.page).getByRole('button', { name: 'Pin to channel' }).tap()
    await expect(sheet(bob.page)).toBeHidden()
    await expect(onBob.locator('.pin-marker')).toBeVisible()

    const onAlice = messageWith(alice.page, 'Agenda for Friday')
    await expect(onAlice.locator('.pin-marker')).toBeVisible()
    await alice.page.getByRole('button', { name: '1 pinned message' }).click()
    const list = alice.page.getByRole('dialog', { name: 'Pinned in #general' })
    await expect(list.getByText('Agenda for Friday: demo, then lunch')).toBeVisible()
    // Alice owns the workspace: she may unpin anyone's pin.
    await list.getByRole('button', { name: 'Unpin' }).click()
    await expect(list.getByText('Nothing is pinned here any more.')).toBeVisible()
    await list.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('the unpin reaches the phone live', async () => {
    await expect(onBob.locator('.pin-marker')).toBeHidden()
    await expect(bob.page.getByRole('button', { name: /pinned message/ })).toBeHidden()
    await onBob.getByRole('button', { name: 'More actions' }).tap()
    await expect(sheet(bob.page).getByRole('button', { name: 'Pin to channel' })).toBeVisible()
  })
})

test('"Copy text" puts the message\'s markdown source on the clipboard', async ({ browser }) => {
  const alice = await actor(browser, 'Alice')
  await alice.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await inOwnWorkspace(alice, `Copy ${Date.now().toString(36)}`)
  await waitLive(alice.page)
  const source = 'Ship **v2** on _Friday_, see `notes.md`'
  await send(alice.page, source)
  const message = messageWith(alice.page, 'Ship v2 on Friday')
  await message.hover()
  await message.getByRole('button', { name: 'More actions' }).click()
  // The menu names the message as a line of text, without its marks.
  const menu = alice.page.getByRole('menu', { name: /: Ship v2 on Friday, see notes\.md$/ })
  await menu.getByRole('menuitem', { name: 'Copy text' }).click()
  await expect(menu).toBeHidden()
  await expect.poll(() => readClipboard(alice)).toBe(source)
})

test('mark unread from a message: the new line moves there and the sidebar counts it, on another device too', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(alice, bob, `Unread ${Date.now().toString(36)}`)
  for (const text of ['First of three', 'Second of three', 'Third of three']) {
    await send(bob.page, text)
  }
  const second = messageWith(alice.page, 'Second of three')
  await expect(messageWith(alice.page, 'Third of three')).toBeVisible()

  await second.hover()
  await second.getByRole('button', { name: 'More actions' }).click()
  const actions = alice.page.getByRole('menu', { name: /Second of three/ })
  await actions.getByRole('menuitem', { name: 'Mark unread' }).click()
  await expect(actions).toBeHidden()
  // The "New messages" line sits right above the message marked unread.
  await expect(alice.page.locator('div:has(> .new-marker) + div article.message')).toContainText(
    'Second of three'
  )

  const general = (page: Page) => page.getByRole('link', { name: /^general, channel/ })
  const threadsUrl = alice.page.url().replace(/\/c\/.*$/, '/threads')
  await alice.page.getByRole('link', { name: /^Threads/ }).click()
  await expect(general(alice.page)).toHaveAccessibleName('general, channel, 2 unread')

  // Alice on a second device sees the same count. She opens the Threads view there, signing in
  // on the way: opening #general itself would read it (and clear the count, rightly).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const other = await context.newPage()
  await other.goto(threadsUrl)
  await other.getByLabel('Email').fill(alice.email)
  await other.getByLabel('Password').fill(alice.password)
  await other.getByRole('button', { name: 'Sign in' }).click()
  await expect(other).toHaveURL(threadsUrl)
  await expect(general(other)).toHaveAccessibleName('general, channel, 2 unread')
})

test('"(edited)" opens the edit history, for the other person too', async ({ browser }) => {
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(alice, bob, `History ${Date.now().toString(36)}`)
  await send(alice.page, 'Meet at 10 in room A')
  const mine = messageWith(alice.page, 'Meet at 10 in room A')
  await mine.hover()
  await mine.getByRole('button', { name: 'Edit message' }).click()
  const editor = alice.page.getByRole('combobox', { name: 'Edit message' })
  await editor.fill('Meet at 11 in room B')
  await editor.press('Enter')

  const onBob = messageWith(bob.page, 'Meet at 11 in room B')
  await onBob.getByRole('button', { name: '(edited)' }).click()
  const history = bob.page.getByRole('dialog', { name: /^Edit history of Alice/ })
  await expect(history.locator('.edit-version .message-body')).toHaveText([
    'Meet at 11 in room B',
    'Meet at 10 in room A',
  ])
  await expect(history.locator('.edit-version-time')).toHaveText([/^Now, edited /, /^Sent /])
  await history.getByRole('button', { name: 'Close' }).click()
  await expect(history).toBeHidden()
})

test('save in one click from the hover bar, a reminder chosen after; Later shows it as a card', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  await inOwnWorkspace(alice, `Later ${Date.now().toString(36)}`)
  await waitLive(alice.page)
  const page = alice.page
  await send(page, 'Review the budget draft')
  await send(page, 'Renew the domain today')
  await send(page, 'Water the plants')

  /** One click on the hover bar's bookmark: saved at once, the toast offering a reminder. */
  async function saveInOneClick(text: string) {
    const message = messageWith(page, text)
    await message.hover()
    await message.getByRole('button', { name: 'Save for later' }).click()
    await expect(message.locator('.saved-marker')).toHaveText('Saved for later')
    await expect(message.getByRole('button', { name: 'Remove from Later' })).toBeVisible()
    const remind = page.getByRole('group', { name: 'Remind me:' })
    await expect(remind).toBeVisible()
    return remind
  }

  await test.step('saved with no question; the reminder from the toast', async () => {
    const remind = await saveInOneClick('Review the budget draft')
    await expect(remind.getByRole('button')).toHaveText([
      'In 20 minutes',
      'In 1 hour',
      'Tomorrow',
      'Custom…',
    ])
    await remind.getByRole('button', { name: 'In 1 hour' }).click()
    await expect(page.getByText(/^Reminder set: (today|tomorrow) at /)).toBeVisible()
  })

  await test.step('"Custom…" asks for a date on a calendar and a time from a list', async () => {
    const remind = await saveInOneClick('Renew the domain today')
    await remind.getByRole('button', { name: 'Custom…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remind me about this message' })
    await expect(dialog.getByRole('radio', { name: 'On a date' })).toBeChecked()
    // Tomorrow, by the calendar's keyboard, at 9:15 AM from the list.
    await dialog.getByRole('button', { name: 'Date', exact: true }).click()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await dialog.getByRole('combobox', { name: 'Time' }).click()
    await page.getByRole('option', { name: '9:15 AM' }).click()
    await dialog.getByRole('button', { name: 'Set reminder' }).click()
    await expect(dialog).toBeHidden()
    // The clock reaching it: due now.
    await withDatabase(
      (sql) => sql`update public.saved_items set remind_at = now() - interval '1 second'
        where message_id = (select id from public.messages where body = 'Renew the domain today')`
    )
  })

  await test.step('a second click removes it from Later, with Undo', async () => {
    await saveInOneClick('Water the plants')
    const message = messageWith(page, 'Water the plants')
    await message.getByRole('button', { name: 'Remove from Later' }).click()
    await expect(message.locator('.saved-marker')).toHaveCount(0)
    await expect(page.getByText('Removed from Later.', { exact: true })).toBeVisible()
  })

  await page.getByRole('link', { name: 'Later, 1 due' }).click()
  const later = page.getByRole('region', { name: 'Later' })
  await expect(later.getByRole('heading', { level: 1 })).toHaveCount(0)
  const entries = later.getByRole('article')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Renew the domain today')
  await expect(entries.nth(0)).toContainText(alice.name)
  await expect(entries.nth(0)).toContainText('#general')
  await expect(entries.nth(0).locator('.later-chip')).toHaveText(/^Due today at /)
  await expect(entries.nth(1)).toContainText('Review the budget draft')
  await expect(entries.nth(1).locator('.later-chip')).toHaveText(/^Reminder (today|tomorrow) at /)

  // The actions are icon buttons, named, with a tooltip.
  await entries.nth(1).hover()
  const change = entries.nth(1).getByRole('button', { name: 'Change reminder' })
  await change.hover()
  await expect(page.getByRole('tooltip', { name: 'Change reminder' })).toBeVisible()
  await change.click()
  await page.getByRole('menuitem', { name: 'No reminder' }).click()
  await expect(entries.nth(1).locator('.later-chip')).toHaveCount(0)

  await entries.nth(0).getByRole('button', { name: 'Mark done' }).click()
  await expect(entries).toHaveCount(1)
  await later.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Done' }).click()
  await expect(entries).toHaveCount(1)
  await expect(entries.nth(0)).toContainText('Renew the domain today')
  await expect(entries.nth(0).getByRole('button', { name: 'Mark not done' })).toBeVisible()
  await entries.nth(0).getByRole('button', { name: 'Open in channel' }).click()
  await expect(page.locator('article.message[aria-current="true"]')).toContainText(
    'Renew the domain today'
  )
})
