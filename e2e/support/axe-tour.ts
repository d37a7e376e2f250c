// The screens of the signed-in app that accessibility.spec.ts runs axe over, for one theme: the
// channel, the workspace menu and each of its dialogs, the sidebar's and the header's dialogs,
// the profile and its sections, the members panel, the quick reactions, the emoji picker, the
// thread, the image viewer, search results, the mention list, the quick switcher, the action
// sheet and "Save for later", the Threads and Later views. The page is the owner's, in #general
// with a message "…plan for the launch…" that has a reply in its thread, an image "pixels.png",
// and another person to mention ("Be…").
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import type { AxeAudit } from './axe.ts'
import { thread, threadLive } from './thread.ts'
import { messageWith } from './actors.ts'

/** Opens a dialog, waits for its content (no spinner left), checks it, closes it. */
async function dialogCheck(
  page: Page,
  audit: AxeAudit,
  screen: string,
  open: () => Promise<void>
): Promise<void> {
  await open()
  const dialog = page.getByRole('dialog').last()
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('.spinner')).toHaveCount(0)
  await audit.check(page, screen)
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()
}

async function fromWorkspaceMenu(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Workspace menu' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** Every screen of the signed-in app, for one theme. */
export async function tour(page: Page, audit: AxeAudit, theme: string): Promise<void> {
  const at = (s: string) => `${s} (${theme})`
  await audit.check(page, at('channel'))

  await page.getByRole('button', { name: 'Workspace menu' }).click()
  await expect(page.getByRole('menu', { name: 'Workspace menu' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Leave workspace' })).toBeVisible()
  await audit.check(page, at('workspace menu'))
  // Every dialog the menu offers, whichever features add them (the app's slots/workspace.ts).
  const items = (await page.getByRole('menuitem').allTextContents()).filter(
    (item) => item !== 'Leave workspace'
  )
  await page.keyboard.press('Escape')
  expect(items.length).toBeGreaterThanOrEqual(9)
  for (const item of items) {
    await dialogCheck(page, audit, at(`${item} dialog`), () =>
      fromWorkspaceMenu(page, new RegExp(`^${item.replace(/[()]/g, '\\$&')}$`))
    )
  }
  const button = (name: string) => () => page.getByRole('button', { name, exact: true }).click()
  await dialogCheck(page, audit, at('create a channel'), button('Create a channel'))
  await dialogCheck(page, audit, at('browse channels'), button('Browse channels'))
  await dialogCheck(page, audit, at('new direct message'), button('New direct message'))
  await dialogCheck(page, audit, at('add people'), button('Add people to the channel'))
  await dialogCheck(page, audit, at('channel settings'), button('Channel settings'))
  await dialogCheck(page, audit, at('notifications'), button('Notifications'))
  await dialogCheck(page, audit, at('profile'), button('Your profile'))
  await dialogCheck(page, audit, at('status'), async () => {
    await button('Your profile')()
    await page.getByRole('button', { name: 'Set a status' }).click()
  })
  await dialogCheck(page, audit, at('security'), async () => {
    await button('Your profile')()
    await page.getByRole('button', { name: /^Security/ }).click()
  })

  await page.getByRole('button', { name: 'Show members' }).click()
  await expect(page.getByRole('complementary', { name: 'Channel members' })).toBeVisible()
  await audit.check(page, at('members panel'))
  await page.getByRole('button', { name: 'Show members' }).click()

  const message = messageWith(page, 'plan for the launch')
  await message.hover()
  await message.getByRole('button', { name: 'Add reaction' }).click()
  await expect(message.getByRole('menuitem', { name: 'More emoji' })).toBeVisible()
  await audit.check(page, at('quick reactions'))
  await message.getByRole('menuitem', { name: 'More emoji' }).click()
  const picker = page.getByRole('dialog', { name: 'Add a reaction' })
  await expect(picker.getByRole('searchbox', { name: 'Search emoji' })).toBeVisible()
  await audit.check(page, at('emoji picker'))
  await page.keyboard.press('Escape')
  await expect(picker).toBeHidden()

  await message.hover()
  await message.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(page)
  await expect(thread(page).getByText('a reply in the thread')).toBeVisible()
  await audit.check(page, at('thread'))
  await thread(page).getByRole('button', { name: 'Close thread' }).click()

  await messageWith(page, 'a picture')
    .getByRole('button', { name: 'Open image pixels.png' })
    .click()
  await expect(page.getByRole('dialog', { name: 'pixels.png' })).toBeVisible()
  await audit.check(page, at('image viewer'))
  await page.keyboard.press('Escape')

  await page.keyboard.press('Control+g')
  const search = page.getByRole('dialog', { name: /^Search / })
  await search.getByRole('combobox', { name: 'Search messages' }).fill('launch')
  await expect(search.getByRole('listbox', { name: 'Results' }).getByRole('option')).toHaveCount(1)
  await audit.check(page, at('search results'))
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()

  const box = page.getByRole('combobox', { name: /^Message / })
  // Escape dismisses the list for that "@" for good: each pass types a new one.
  await box.fill(theme === 'light' ? '@Be' : 'and @Be')
  await expect(page.getByRole('listbox', { name: 'People and groups to mention' })).toBeVisible()
  await audit.check(page, at('mention list'))
  await box.press('Escape')
  await box.fill('')

  await page.keyboard.press('Control+k')
  const jump = page.getByRole('dialog', { name: 'Jump to…' })
  await jump.getByRole('combobox').fill('gen')
  await expect(jump.getByRole('option').first()).toBeVisible()
  await audit.check(page, at('quick switcher'))
  await page.keyboard.press('Escape')
  await expect(jump).toBeHidden()

  const message2 = messageWith(page, 'plan for the launch')
  await message2.hover()
  await message2.getByRole('button', { name: 'More actions' }).click()
  const sheet = page.getByRole('dialog', { name: /plan for the launch/ })
  await expect(sheet.getByRole('button', { name: 'Save for later' })).toBeVisible()
  await audit.check(page, at('action sheet'))
  await sheet.getByRole('button', { name: 'Save for later' }).click()
  await expect(page.getByRole('dialog', { name: 'Save for later' })).toBeVisible()
  await audit.check(page, at('save for later'))
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Save for later' })).toBeHidden()

  await page.getByRole('link', { name: /^Threads/ }).click()
  await expect(page.getByRole('region', { name: 'Threads' })).toBeVisible()
  await audit.check(page, at('Threads view'))
  await page.getByRole('link', { name: /^Later/ }).click()
  await expect(page.getByRole('region', { name: 'Later' })).toBeVisible()
  await audit.check(page, at('Later view'))
  await page.getByRole('link', { name: /^general, channel/ }).click()
  await expect(messageWith(page, 'plan for the launch')).toBeVisible()
}
