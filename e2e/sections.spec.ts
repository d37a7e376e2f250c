// Sidebar sections (issue 71, item 3): Ana, signed in in two browsers, arranges her sidebar in
// one and the other follows live: she creates a section from the workspace menu, moves #launch
// into it from the channel's context menu, stars #general from its menu (Starred shows at the
// top), collapses the section (remembered), renames it, moves #launch back with the keyboard
// only (Shift+F10 on its link, then the sub-menu), and deletes the section, its channels back in
// Channels. Her direct messages come most recent first, and by name once she sorts them so from
// the section's menu. Nobody else sees any of it: Bo's sidebar keeps its two sections.
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, send, signIn, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { twoInGeneral } from './support/workspace.ts'
import { headings, link, section } from './support/sections.ts'

test('my sections follow me to my other browser, live', async ({ browser }) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Sections ${Date.now().toString(36)}`)
  const a = ana.page
  await a.getByRole('button', { name: 'Create a channel' }).click()
  const create = a.getByRole('dialog', { name: 'Create a channel' })
  await create.getByLabel('Name').fill('launch')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(a.getByRole('heading', { level: 2, name: 'launch', exact: true })).toBeVisible()
  const workspaceUrl = /^.*\/w\/[^/]+/.exec(a.url())![0]

  // Ana's second browser: a context of its own, signed in with her password.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const other: Actor = { ...ana, context, page: await context.newPage() }
  await signIn(other)
  const b = other.page
  await expect(b).not.toHaveURL(/sign-in/, { timeout: 30_000 })
  await b.goto(appUrl(new URL(workspaceUrl).pathname))
  await waitLive(b)
  await expect(headings(b)).toHaveText(['Channels', 'Direct messages'])

  await test.step('a section made from the workspace menu shows in both', async () => {
    await a.getByRole('button', { name: 'Workspace menu' }).click()
    await a.getByRole('menuitem', { name: 'Create section…' }).click()
    const dialog = a.getByRole('dialog', { name: 'Create a section' })
    await dialog.getByLabel('Name').fill('   ')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Give the section a name.')
    await dialog.getByLabel('Name').fill('Projects')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(headings(a)).toHaveText(['Projects', 'Channels', 'Direct messages'])
    await expect(headings(b)).toHaveText(['Projects', 'Channels', 'Direct messages'])
  })

  await test.step('#launch moved into it from its context menu', async () => {
    await link(a, 'launch').click({ button: 'right' })
    await a.getByRole('menuitem', { name: 'Move to section' }).click()
    await a
      .getByRole('menu', { name: 'Move to section' })
      .getByRole('menuitem', { name: 'Projects' })
      .click()
    await expect(link(section(a, 'Projects'), 'launch')).toBeVisible()
    await expect(link(section(b, 'Projects'), 'launch')).toBeVisible()
    await expect(link(section(b, 'Channels'), 'launch')).toHaveCount(0)
  })

  await test.step('#general starred from its menu: Starred at the top', async () => {
    await link(a, 'general').click({ button: 'right' })
    await a.getByRole('menuitem', { name: 'Star', exact: true }).click()
    await expect(headings(a)).toHaveText(['Starred', 'Projects', 'Channels', 'Direct messages'])
    await expect(headings(b)).toHaveText(['Starred', 'Projects', 'Channels', 'Direct messages'])
    await expect(link(section(b, 'Starred'), 'general')).toBeVisible()
    await link(a, 'general').click({ button: 'right' })
    await expect(a.getByRole('menuitem', { name: 'Remove from Starred' })).toBeVisible()
    await a.keyboard.press('Escape')
    await expect(a.getByRole('menu')).toHaveCount(0)
  })

  await test.step('collapsing is remembered, on the other browser too', async () => {
    // (A collapsed section still shows the open channel.)
    await link(a, 'general').click()
    await section(a, 'Projects').locator('.section-toggle').click()
    await expect(section(a, 'Projects').locator('.section-toggle')).toHaveAttribute(
      'aria-expanded',
      'false'
    )
    await expect(link(section(a, 'Projects'), 'launch')).toHaveCount(0)
    await expect(link(section(b, 'Projects'), 'launch')).toHaveCount(0)
    await b.reload()
    await expect(section(b, 'Projects').locator('.section-toggle')).toHaveAttribute(
      'aria-expanded',
      'false'
    )
    await section(a, 'Projects').locator('.section-toggle').click()
    await expect(link(section(b, 'Projects'), 'launch')).toBeVisible()
  })

  await test.step('renamed from its menu', async () => {
    await section(a, 'Projects').locator('.sidebar-heading').hover()
    await section(a, 'Projects').getByRole('button', { name: 'Section options: Projects' }).click()
    await a.getByRole('menuitem', { name: 'Rename section…' }).click()
    const dialog = a.getByRole('dialog', { name: 'Rename section' })
    await dialog.getByLabel('Name').fill('Launches')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(headings(a)).toHaveText(['Starred', 'Launches', 'Channels', 'Direct messages'])
    await expect(headings(b)).toHaveText(['Starred', 'Launches', 'Channels', 'Direct messages'])
  })

  await test.step('the keyboard moves #launch back to Channels through the menu', async () => {
    const launch = link(a, 'launch')
    await launch.focus()
    await a.keyboard.press('Shift+F10')
    const menu = a.getByRole('menu', { name: 'Channel options' })
    await expect(menu.getByRole('menuitem').first()).toBeFocused()
    await a.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Move to section' })).toBeFocused()
    await a.keyboard.press('ArrowRight')
    const sub = a.getByRole('menu', { name: 'Move to section' })
    await expect(sub.getByRole('menuitem').first()).toBeFocused()
    await sub.getByRole('menuitem', { name: 'Channels' }).focus()
    await a.keyboard.press('Enter')
    await expect(link(section(a, 'Channels'), 'launch')).toBeVisible()
    await expect(link(section(b, 'Channels'), 'launch')).toBeVisible()
    // The focus is back on the link.
    await expect(link(a, 'launch')).toBeFocused()
  })

  await test.step('Alt+Down walks the sidebar across its sections', async () => {
    await link(a, 'general').click()
    await expect(a.locator('html[data-channel-keys]')).toBeAttached()
    await a.keyboard.press('Alt+ArrowDown')
    // Starred holds general; the empty Launches; then Channels' first: launch.
    await expect(a.getByRole('heading', { level: 2, name: 'launch', exact: true })).toBeVisible()
  })

  await test.step('deleted: its channels go back, on both', async () => {
    await link(a, 'launch').click({ button: 'right' })
    await a.getByRole('menuitem', { name: 'Move to section' }).click()
    await a
      .getByRole('menu', { name: 'Move to section' })
      .getByRole('menuitem', { name: 'Launches' })
      .click()
    await expect(link(section(b, 'Launches'), 'launch')).toBeVisible()
    // Its "…" shows on hover.
    await section(a, 'Launches').locator('.sidebar-heading').hover()
    await section(a, 'Launches').getByRole('button', { name: 'Section options: Launches' }).click()
    await a.getByRole('menuitem', { name: 'Delete section…' }).click()
    await answerConfirm(a, 'Delete')
    await expect(headings(a)).toHaveText(['Starred', 'Channels', 'Direct messages'])
    await expect(headings(b)).toHaveText(['Starred', 'Channels', 'Direct messages'])
    await expect(link(section(b, 'Channels'), 'launch')).toBeVisible()
  })

  await test.step('Direct messages: the last written in first; by name once sorted so', async () => {
    const openDm = async (who: string | null) => {
      await a.getByRole('button', { name: 'New direct message' }).click()
      const dialog = a.getByRole('dialog', { name: 'New direct message' })
      if (who) await dialog.getByLabel(who).check()
      await dialog.getByRole('button', { name: 'Open conversation' }).click()
      await expect(dialog).toHaveCount(0)
      await waitLive(a)
    }
    const dms = (page: typeof a) => section(page, 'Direct messages').locator('.channel-name')
    const notes = `${ana.name} (you)`
    await openDm(null)
    await send(a, 'a note to myself')
    await openDm(bo.name)
    await send(a, 'hi Bo')
    for (const page of [a, b]) await expect(dms(page)).toHaveText([bo.name, notes])
    // Sorted alphabetically from the section's menu: on both, and so it stays.
    await section(a, 'Direct messages').locator('.sidebar-heading').hover()
    await section(a, 'Direct messages')
      .getByRole('button', { name: 'Section options: Direct messages' })
      .click()
    await a.getByRole('menuitem', { name: 'Sort' }).press('Enter')
    const sort = a.getByRole('menu', { name: 'Sort' })
    await expect(
      sort.getByRole('menuitemradio', { name: 'By most recent activity' })
    ).toHaveAttribute('aria-checked', 'true')
    await sort.getByRole('menuitemradio', { name: 'Alphabetically' }).press('Enter')
    for (const page of [a, b]) await expect(dms(page)).toHaveText([notes, bo.name])
    await b.reload()
    await expect(dms(b)).toHaveText([notes, bo.name])
  })

  await test.step('Bo sees none of it', async () => {
    await bo.page.reload()
    await expect(headings(bo.page)).toHaveText(['Channels', 'Direct messages'])
  })
  await context.close()
})
