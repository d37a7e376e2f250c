// A screen reader can chat (issue 53, item 2, the parts done), checked in Chromium's
// accessibility tree through Playwright's ARIA snapshots, in production like the other specs:
// the channel's messages are a feed named "Messages" (a thread's, "Replies") of articles; a new
// message from someone else is announced politely (an aria-live="polite" region) while the focus
// stays in the composer, and so is another's reply in an open thread; the composer's mention
// list and its slash commands' list are its combobox's listbox (expanded, active option); the
// quick reactions are a menu (focus in it, arrow keys, Escape back to "Add reaction"); no button
// on the workspace's screen is without a name; a dialog keeps Tab inside it and gives the focus
// back to the button that opened it when it closes (from the workspace menu, to the menu's
// button); the sidebar reads unread and mention counts with their meaning ("3 unread, 1
// mention").
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

/** The lines of an ARIA snapshot that are buttons without a name ("- button" alone). */
async function namelessButtons(scope: Locator): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot()
  return snapshot.split('\n').filter((line) => /^\s*- button(\s*\[[^\]]*\])*:?\s*$/.test(line))
}

async function focusedInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => !!document.activeElement?.closest(s), selector)
}

test('feed, polite announcements, named buttons, dialog focus, counts with their meaning', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Reader ${Date.now().toString(36)}`)
  const page = ana.page

  await test.step('the messages are a feed named "Messages", of articles', async () => {
    await send(page, 'Hello from Ana')
    const feed = page.getByRole('feed', { name: 'Messages' })
    await expect(feed).toMatchAriaSnapshot(`
      - feed "Messages":
        - article
    `)
  })

  await test.step("another's message is announced politely; the focus stays in the composer", async () => {
    await composer(page).focus()
    const live = page.locator('[aria-live="polite"][aria-atomic="true"]')
    await send(ben.page, 'Lunch at noon?')
    await expect(messageWith(page, 'Lunch at noon?')).toBeVisible()
    await expect(live).toHaveText(`${ben.name}: Lunch at noon?`)
    await expect(composer(page)).toBeFocused()
  })

  await test.step("another's reply in an open thread is announced politely, the thread's feed named", async () => {
    const open = async (p: Page) => {
      const parent = messageWith(p, 'Lunch at noon?')
      await parent.hover()
      await parent.getByRole('button', { name: 'Reply in thread' }).click()
      await threadLive(p)
    }
    await open(page)
    await open(ben.page)
    await expect(thread(page).getByRole('region', { name: 'Replies' })).toBeVisible()
    const box = thread(ben.page).getByRole('combobox', { name: /^Message / })
    await box.fill('Yes, at the usual place')
    await box.press('Enter')
    await expect(thread(page).getByRole('feed', { name: 'Replies' })).toMatchAriaSnapshot(`
      - feed "Replies":
        - article
    `)
    await expect(thread(page).locator('[aria-live="polite"]')).toHaveText(
      `${ben.name}: Yes, at the usual place`
    )
    await thread(page).getByRole('button', { name: 'Close thread' }).click()
    await thread(ben.page).getByRole('button', { name: 'Close thread' }).click()
  })

  await test.step("the composer's mention list is a combobox's listbox, its choice active", async () => {
    const box = composer(page)
    await box.fill(`@${ben.name.slice(0, 3)}`)
    const list = page.getByRole('listbox', { name: 'People and groups to mention' })
    await expect(list).toMatchAriaSnapshot(`
      - listbox "People and groups to mention":
        - option /${ben.name}/ [selected]
    `)
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const active = await box.getAttribute('aria-activedescendant')
    await expect(list.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true')
    await box.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await box.fill('')

    // The slash commands' list, the same way.
    await box.fill('/')
    const commands = page.getByRole('listbox', { name: 'Commands' })
    await expect(commands.getByRole('option').first()).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(box).toHaveAttribute('aria-controls', (await commands.getAttribute('id'))!)
    const first = await box.getAttribute('aria-activedescendant')
    await expect(commands.locator(`[id="${first}"]`)).toHaveAttribute('aria-selected', 'true')
    await box.press('ArrowDown')
    await expect(box).not.toHaveAttribute('aria-activedescendant', first!)
    const second = await box.getAttribute('aria-activedescendant')
    await expect(commands.locator(`[id="${second}"]`)).toHaveAttribute('aria-selected', 'true')
    await box.press('Escape')
    await expect(commands).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).not.toHaveAttribute('aria-activedescendant', /./)
    await box.fill('')
  })

  await test.step('the quick reactions are a menu: focus in it, arrows, Escape back', async () => {
    const message = messageWith(page, 'Hello from Ana')
    await message.hover()
    const button = message.getByRole('button', { name: 'Add reaction' })
    await button.click()
    const menu = message.getByRole('menu', { name: 'Pick a reaction' })
    await expect(menu).toMatchAriaSnapshot(`
      - menu "Pick a reaction":
        - menuitem "👍"
        - menuitem "❤️"
    `)
    await expect(menu.getByRole('menuitem', { name: '👍' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(menu.getByRole('menuitem', { name: '❤️' })).toBeFocused()
    await page.keyboard.press('End')
    await expect(menu.getByRole('menuitem', { name: 'More emoji' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  await test.step('no button without a name on the workspace screen', async () => {
    const message = messageWith(page, 'Lunch at noon?')
    await message.hover()
    expect(await namelessButtons(page.locator('body'))).toEqual([])
  })

  await test.step('a dialog keeps Tab inside and gives the focus back when it closes', async () => {
    const opener = page.getByRole('button', { name: 'Channel settings' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /general/ })
    await expect(dialog).toBeVisible()
    expect(await focusedInside(page, 'dialog[open]')).toBe(true)
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab')
      expect(await focusedInside(page, 'dialog[open]'), `after ${i + 1} Tab`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    // From a menu, whose item goes with it: back to the menu's button.
    const menu = page.getByRole('button', { name: 'Workspace menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    // Its first item takes the focus (Preferences); the next is Invite people.
    await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('menuitem', { name: 'Invite people' })).toBeFocused()
    await page.keyboard.press('Enter')
    const invite = page.getByRole('dialog', { name: /^Invite people/ })
    await expect(invite).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(invite).toBeHidden()
    await expect(menu).toBeFocused()
  })

  await test.step('the sidebar reads "3 unread, 1 mention"', async () => {
    await page.getByRole('button', { name: 'Create a channel' }).click()
    const create = page.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill('zeta')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'zeta', exact: true })).toBeVisible()
    await waitLive(page)
    await send(ben.page, 'one')
    await send(ben.page, 'two')
    await send(ben.page, `@${ana.name} three`)
    const sidebar = page.getByRole('navigation', { name: 'Channels and direct messages' })
    await expect(sidebar).toMatchAriaSnapshot(`
      - link "general, channel, 3 unread, 1 mention"
    `)
    await expect(sidebar.getByRole('link', { name: /^general,/ })).toHaveAccessibleName(
      'general, channel, 3 unread, 1 mention'
    )
  })
})
