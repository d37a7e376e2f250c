// Sidebar sections (issue 71, item 3): Ana, signed in in two browsers, arranges her sidebar in
// one and the other follows live: she creates a section from the workspace menu, moves #launch
// into it from the channel's context menu, stars #general from its menu (Starred shows at the
// top), collapses the section (remembered), renames it, moves #launch back with the keyboard
// only (Shift+F10 on its link, then the sub-menu), and deletes the section, its channels back in
// Channels. Nobody else sees any of it: Bo's sidebar keeps its two sections.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, signIn, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { twoInGeneral } from './support/workspace.ts'

/** The sidebar's section headed `name`. */
function section(page: Page, name: string | RegExp): Locator {
  return page
    .locator('.sidebar-lists section')
    .filter({ has: page.locator('.section-toggle', { hasText: name }) })
}

function headings(page: Page): Locator {
  return page.locator('.sidebar-lists .section-toggle')
}

function link(scope: Page | Locator, name: string): Locator {
  // A filter's inner locator is the page's, taken relative to each link.
  const page = 'goto' in scope ? scope : scope.page()
  return scope
    .locator('.channel-link')
    .filter({ has: page.locator('.channel-name', { hasText: name }) })
}

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

  await test.step('Bo sees none of it', async () => {
    await bo.page.reload()
    await expect(headings(bo.page)).toHaveText(['Channels', 'Direct messages'])
  })
  await context.close()
})

/** Drags `from` onto `to` with the mouse, in steps, as a hand would (past the few pixels that
 * tell a drag from a click), releasing at `to`'s vertical `at` (0 top … 1 bottom). */
async function drag(page: Page, from: Locator, to: Locator, at = 0.5) {
  const a = (await from.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 4 })
  await expect(page.locator('.drag-overlay')).toBeVisible()
  const b = (await to.boundingBox())!
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * at, { steps: 12 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * at + 1, { steps: 2 })
  await page.mouse.up()
  await expect(page.locator('.drag-overlay')).toHaveCount(0)
}

function names(scope: Locator): Locator {
  return scope.locator('.channel-link .channel-name')
}

test('dragging arranges my sidebar, by mouse and keyboard, live on my other browser', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Drag ${Date.now().toString(36)}`)
  const a = ana.page
  for (const name of ['launch', 'zeta']) {
    await a.getByRole('button', { name: 'Create a channel' }).click()
    const create = a.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill(name)
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(a.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  }
  const workspaceUrl = /^.*\/w\/[^/]+/.exec(a.url())![0]
  await a.getByRole('button', { name: 'Workspace menu' }).click()
  await a.getByRole('menuitem', { name: 'Create section…' }).click()
  const dialog = a.getByRole('dialog', { name: 'Create a section' })
  await dialog.getByLabel('Name').fill('Projects')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(headings(a)).toHaveText(['Projects', 'Channels', 'Direct messages'])

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const other: Actor = { ...ana, context, page: await context.newPage() }
  await signIn(other)
  const b = other.page
  await expect(b).not.toHaveURL(/sign-in/, { timeout: 30_000 })
  await b.goto(appUrl(new URL(workspaceUrl).pathname))
  await waitLive(b)
  await expect(headings(b)).toHaveText(['Projects', 'Channels', 'Direct messages'])

  await test.step('the mouse drags #launch, then #zeta, into Projects', async () => {
    const url = a.url()
    await drag(a, link(a, 'launch'), section(a, 'Projects').locator('.sidebar-heading'))
    await expect(names(section(a, 'Projects'))).toHaveText(['launch'])
    await expect(names(section(b, 'Projects'))).toHaveText(['launch'])
    await expect(link(section(b, 'Channels'), 'launch')).toHaveCount(0)
    // A drag follows no link.
    expect(a.url()).toBe(url)
    await drag(a, link(a, 'zeta'), link(section(a, 'Projects'), 'launch'), 0.9)
    await expect(names(section(a, 'Projects'))).toHaveText(['launch', 'zeta'])
    await expect(names(section(b, 'Projects'))).toHaveText(['launch', 'zeta'])
  })

  await test.step('and reorders them within it', async () => {
    await drag(a, link(a, 'zeta'), link(section(a, 'Projects'), 'launch'), 0.1)
    await expect(names(section(a, 'Projects'))).toHaveText(['zeta', 'launch'])
    await expect(names(section(b, 'Projects'))).toHaveText(['zeta', 'launch'])
    await b.reload()
    await expect(names(section(b, 'Projects'))).toHaveText(['zeta', 'launch'])
  })

  await test.step('the keyboard: Space picks #zeta up, the arrows move it, Space drops it', async () => {
    await link(a, 'zeta').focus()
    await a.keyboard.press('Space')
    await expect(a.locator('.drag-overlay')).toBeVisible()
    await a.keyboard.press('ArrowDown')
    await expect(names(section(a, 'Projects'))).toHaveText(['launch', 'zeta'])
    await a.keyboard.press('Space')
    await expect(a.locator('.drag-overlay')).toHaveCount(0)
    await expect(names(section(b, 'Projects'))).toHaveText(['launch', 'zeta'])
    // Down again leaves Projects for Channels, where it sorts by name; Escape puts it back.
    await link(a, 'zeta').focus()
    await a.keyboard.press('Space')
    await a.keyboard.press('ArrowDown')
    // (Its place there kept open, the link under the overlay.)
    await expect(names(section(a, 'Channels'))).toHaveText(['general', 'random', 'zeta'])
    await a.keyboard.press('Escape')
    await expect(names(section(a, 'Projects'))).toHaveText(['launch', 'zeta'])
    await link(a, 'zeta').focus()
    await a.keyboard.press('Space')
    await a.keyboard.press('ArrowDown')
    await expect(names(section(a, 'Channels'))).toHaveText(['general', 'random', 'zeta'])
    await a.keyboard.press('Enter')
    await expect(a.locator('.drag-overlay')).toHaveCount(0)
    await expect(names(section(a, 'Channels'))).toHaveText(['general', 'random', 'zeta'])
    await expect(names(section(b, 'Channels'))).toHaveText(['general', 'random', 'zeta'])
    await expect(names(section(b, 'Projects'))).toHaveText(['launch'])
  })

  await test.step('the star in the channel header stars and unstars it, live', async () => {
    await link(a, 'general').click()
    const star = a.locator('.channel-header').getByRole('button', { name: 'Star channel' })
    await expect(star).toHaveAttribute('aria-pressed', 'false')
    await star.click()
    const unstar = a.locator('.channel-header').getByRole('button', { name: 'Unstar channel' })
    await expect(unstar).toHaveAttribute('aria-pressed', 'true')
    await expect(names(section(a, 'Starred'))).toHaveText(['general'])
    await expect(names(section(b, 'Starred'))).toHaveText(['general'])
    // Starred from the sidebar on the other browser: its header shows it pressed.
    await link(b, 'general').click()
    await expect(
      b.locator('.channel-header').getByRole('button', { name: 'Unstar channel' })
    ).toHaveAttribute('aria-pressed', 'true')
    await unstar.click()
    await expect(star).toHaveAttribute('aria-pressed', 'false')
    await expect(section(b, 'Starred')).toHaveCount(0)
    await expect(link(section(b, 'Channels'), 'general')).toBeVisible()
  })

  await test.step('a section dragged by its heading', async () => {
    await drag(
      a,
      section(a, 'Projects').locator('.section-toggle'),
      section(a, 'Direct messages').locator('.sidebar-heading'),
      0.9
    )
    await expect(headings(a)).toHaveText(['Channels', 'Direct messages', 'Projects'])
    await expect(headings(b)).toHaveText(['Channels', 'Direct messages', 'Projects'])
  })
  await context.close()
})
