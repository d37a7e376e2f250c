// Keyboard only, end to end (issue 53, item 3): a person who uses no mouse signs in, switches
// workspaces and channels, reads and answers a thread, reacts, edits, uploads a file, searches
// and opens a result, with every key a keyboard.press (text typed by keyboard.type) and a
// visible focus ring wherever the focus lands (support/keyboard.ts); the shortcuts list
// (Ctrl+/) shows every shortcut of the app's registry (app/src/features/shortcuts/registry.ts,
// which its unit test holds to the keys the code handles). The setup (a second person, the
// workspaces, a thread) is done beforehand as usual. Reduced motion and 200% zoom:
// keyboard-display.spec.ts.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  waitLive,
} from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { expectFocusRing, press, tabTo } from './support/keyboard.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

/** The app's registry of shortcuts, read from its source: a module of data whose words are
 * Lingui messages (msg`…`), which only the app's build compiles, so the English is read out of
 * the text (each group's title, then its entries' keys and label). */
interface ShortcutGroup {
  title: string
  shortcuts: { keys: string[]; label: string }[]
}
async function registry(): Promise<ShortcutGroup[]> {
  const file = path.resolve(import.meta.dirname, '../app/src/features/shortcuts/registry.ts')
  const source = await readFile(file, 'utf8')
  const groups: ShortcutGroup[] = []
  const parts = /title:\s*msg`([^`]*)`|\{\s*keys:\s*\[([^\]]*)\],\s*label:\s*msg`([^`]*)`,?\s*\}/g
  for (const [, title, keys, label] of source.matchAll(parts)) {
    if (title !== undefined) groups.push({ title, shortcuts: [] })
    else
      groups.at(-1)!.shortcuts.push({
        keys: [...keys!.matchAll(/'([^']*)'/g)].map((m) => m[1]!),
        label: label!,
      })
  }
  return groups
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true })
}

async function typeText(page: Page, text: string) {
  await page.keyboard.type(text)
}

/** From the message box, the feed's last message focused (Shift+Tab to the list, then End). */
async function toLastMessage(page: Page) {
  const feed = page.locator('.channel-view [role="feed"]').first()
  await tabTo(page, feed, { back: true })
  await press(page, 'End')
}

test('keyboard only: sign in, workspaces, channels, a thread, react, edit, upload, search', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  const tag = Date.now().toString(36)
  const first = `Keys ${tag}`
  const second = `Other ${tag}`

  await test.step('setup: two workspaces, a channel, a thread by Pete', async () => {
    await twoInGeneral(olga, pete, first)
    const o = olga.page
    // #kite: between #general and #random (every new workspace has both) in the sidebar's order.
    await o.getByRole('button', { name: 'Create a channel' }).click()
    const dialog = o.getByRole('dialog', { name: 'Create a channel' })
    await dialog.getByLabel('Name').fill('kite')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(heading(o, 'kite')).toBeVisible()
    await o.getByRole('link', { name: 'Create a workspace' }).click()
    await o.getByLabel('Workspace name').fill(second)
    await o.getByRole('button', { name: 'Create workspace' }).click()
    await expect(heading(o, 'general')).toBeVisible()
    await send(pete.page, 'Who has the release notes?')
    const parent = messageWith(pete.page, 'Who has the release notes?')
    await parent.hover()
    await parent.getByRole('button', { name: 'Reply in thread' }).click()
    await threadLive(pete.page)
    const box = thread(pete.page).getByRole('combobox', { name: /^Message / })
    await box.fill('They are in the wiki')
    await box.press('Enter')
    await expect(thread(pete.page).getByText('They are in the wiki')).toBeVisible()
    await olga.context.close()
  })

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()

  await test.step('sign in', async () => {
    await page.goto(appUrl('/sign-in'))
    // The sign-in page is a chunk of its own: a person starts once they see it.
    await expect(page.getByLabel('Email')).toBeVisible()
    await tabTo(page, page.getByLabel('Email'))
    await typeText(page, olga.email)
    await tabTo(page, page.getByLabel('Password'))
    await typeText(page, olga.password)
    await page.keyboard.press('Enter')
    await expect(heading(page, 'general')).toBeVisible()
    await waitLive(page)
    // a new screen: the first Tab is the skip link to the message box
    await tabTo(page, page.getByRole('link', { name: 'Skip to message box' }))
    await press(page, 'Enter')
    await expect(composer(page)).toBeFocused()
  })

  await test.step('switch workspaces from the rail', async () => {
    const rail = page.getByRole('navigation', { name: 'Workspaces' })
    const current = await rail.locator('[aria-current="page"]').getAttribute('title')
    const other = current === first ? second : first
    await tabTo(page, rail.getByRole('link', { name: other }))
    await press(page, 'Enter')
    await expect(rail.locator('[aria-current="page"]')).toHaveAttribute('title', other)
    if (other !== first) {
      await tabTo(page, rail.getByRole('link', { name: first }))
      await press(page, 'Enter')
      await expect(rail.locator('[aria-current="page"]')).toHaveAttribute('title', first)
    }
    await expect(heading(page, 'general')).toBeVisible()
    await waitLive(page)
  })

  await test.step('switch channels: Alt+arrows and the quick switcher', async () => {
    await expect(page.locator('html[data-channel-keys]')).toBeAttached()
    await press(page, 'Alt+ArrowDown')
    await expect(heading(page, 'kite')).toBeVisible()
    await expect(composer(page)).toBeFocused()
    await press(page, 'Alt+ArrowUp')
    await expect(heading(page, 'general')).toBeVisible()
    await press(page, 'Control+k')
    const switcher = page.getByRole('dialog', { name: /switch|jump/i })
    await expect(switcher.getByRole('combobox')).toBeFocused()
    await expectFocusRing(page)
    await typeText(page, 'kite')
    await expect(switcher.getByRole('option').first()).toContainText('kite')
    await press(page, 'Enter')
    await expect(heading(page, 'kite')).toBeVisible()
    await press(page, 'Alt+ArrowUp')
    await expect(heading(page, 'general')).toBeVisible()
    await waitLive(page)
  })

  await test.step('read the thread and answer it', async () => {
    await toLastMessage(page)
    const parent = messageWith(page, 'Who has the release notes?')
    await expect(parent).toBeFocused()
    await press(page, 't')
    await threadLive(page)
    await expect(thread(page).getByText('They are in the wiki', { exact: true })).toBeVisible()
    const box = thread(page).getByRole('combobox', { name: /^Message / })
    await expect(box).toBeFocused()
    await typeText(page, 'Thanks, found them')
    await press(page, 'Enter')
    await expect(thread(page).getByText('Thanks, found them', { exact: true })).toBeVisible()
    await expect(thread(pete.page).getByText('Thanks, found them', { exact: true })).toBeVisible()
    // closed from its panel's button, back to the channel's message box
    await tabTo(page, thread(page).getByRole('button', { name: 'Close thread' }), { back: true })
    await press(page, 'Enter')
    await expect(thread(page)).toHaveCount(0)
    await tabTo(page, composer(page))
  })

  await test.step('react to a message', async () => {
    await toLastMessage(page)
    const parent = messageWith(page, 'Who has the release notes?')
    await expect(parent).toBeFocused()
    await tabTo(page, parent.getByRole('button', { name: 'Add reaction' }))
    await press(page, 'Enter')
    const menu = parent.getByRole('menu', { name: 'Pick a reaction' })
    await expect(menu.getByRole('menuitem', { name: '👍' })).toBeFocused()
    await press(page, 'ArrowRight')
    await expect(menu.getByRole('menuitem', { name: '❤️' })).toBeFocused()
    await press(page, 'Enter')
    await expect(parent.getByRole('button', { name: /^❤️ by you/ })).toBeVisible()
    await expect(
      messageWith(pete.page, 'Who has the release notes?')
        .first()
        .locator('.reaction img[alt="❤️"]')
    ).toBeVisible()
  })

  await test.step('send, then edit my message', async () => {
    await tabTo(page, composer(page))
    await typeText(page, 'my draft plan')
    await press(page, 'Enter')
    // Confirmed before the focus goes to it: the unsent row is replaced by the confirmed one,
    // and a focus on the unsent row is lost then (found by this spec under load, 2026-11-27:
    // 'e' went to the page and no editor opened; the app does not yet move the focus over).
    await expect(confirmedMessageWith(page, 'my draft plan')).toBeVisible()
    await toLastMessage(page)
    await expect(messageWith(page, 'my draft plan')).toBeFocused()
    await press(page, 'e')
    const editor = page.getByRole('combobox', { name: 'Edit message' })
    await expect(editor).toBeFocused()
    await press(page, 'Control+a')
    await typeText(page, 'my final plan')
    await press(page, 'Enter')
    const edited = messageWith(page, 'my final plan')
    await expect(edited.locator('.edited-mark')).toHaveText('(edited)')
    await expect(messageWith(pete.page, 'my final plan')).toBeVisible()
  })

  await test.step('upload a file', async () => {
    // Listened for first: Playwright asks Chromium to hand it file choosers as the listener is
    // added, and a chooser opened before that request lands never comes (1 run in 5).
    const chooser = page.waitForEvent('filechooser')
    await tabTo(page, composer(page))
    // Attach is in the bar under the box, the next stop after it
    await tabTo(page, page.getByRole('button', { name: 'Attach files' }))
    await press(page, 'Enter')
    await (
      await chooser
    ).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('release notes\n'),
    })
    await tabTo(page, composer(page))
    await typeText(page, 'the notes file')
    await press(page, 'Enter')
    const message = messageWith(page, 'the notes file')
    await expect(message.getByText('notes.txt')).toBeVisible()
    await expect(messageWith(pete.page, 'the notes file').getByText('notes.txt')).toBeVisible()
  })

  await test.step('search and open a result', async () => {
    await press(page, 'Control+g')
    const dialog = page.getByRole('dialog', { name: /^Search / })
    await expect(dialog.getByRole('combobox', { name: 'Search messages' })).toBeFocused()
    await typeText(page, 'release notes')
    // Enter searches what is typed, the arrows pick a result, Enter again opens it
    await press(page, 'Enter')
    const result = dialog.getByRole('option').filter({ hasText: 'Who has the release notes?' })
    await expect(result).toHaveCount(1)
    await press(page, 'ArrowDown')
    await expect(result).toHaveAttribute('aria-selected', 'true')
    await press(page, 'Enter')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/m\/[0-9a-f-]{36}$/)
    await expect(page.locator('article.message-focused')).toContainText(
      'Who has the release notes?'
    )
    await expectFocusRing(page)
  })

  await test.step('Ctrl+/ lists every shortcut of the registry', async () => {
    await press(page, 'Control+/')
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toBeVisible()
    const groups = await registry()
    expect(groups.length).toBeGreaterThan(3)
    for (const group of groups) {
      const table = dialog.getByRole('table', { name: group.title })
      await expect(table).toBeVisible()
      await expect(table.getByRole('rowheader')).toHaveText(group.shortcuts.map((s) => s.label))
      const shown = await table
        .getByRole('row')
        .evaluateAll((rows) =>
          rows.map((row) =>
            [...row.querySelectorAll('kbd[data-keys]')].map((k) => k.getAttribute('data-keys'))
          )
        )
      expect(shown).toEqual(group.shortcuts.map((s) => s.keys))
    }
    await press(page, 'Escape')
    await expect(dialog).toBeHidden()
    await expectFocusRing(page)
  })
  await context.close()
})
