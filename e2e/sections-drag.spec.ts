// Sidebar sections dragged (issue 71, item 3; @dnd-kit): Ana, signed in in two browsers, drags
// #launch and #zeta into a section with the mouse (a drag follows no link) and reorders them in
// it, moves #zeta with the keyboard (Space, the arrows, Escape puts it back, Enter drops it),
// stars #general from the channel header, and drags a section by its heading: the other browser
// follows each live. On her phone a long press then a move drags a channel; held still, the drag
// is put back and the channel's menu opens.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, signIn, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { twoInGeneral } from './support/workspace.ts'
import { MOTION_OVER } from './support/motion.ts'
import { longPress, phoneActor } from './support/phone.ts'
import { headings, link, section } from './support/sections.ts'

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

test('on a phone, a long press picks a channel up to drag; held still, its menu opens', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Phone ${Date.now().toString(36)}`)
  await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
  await ana.page.getByRole('menuitem', { name: 'Create section…' }).click()
  const dialog = ana.page.getByRole('dialog', { name: 'Create a section' })
  await dialog.getByLabel('Name').fill('Projects')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toHaveCount(0)
  const workspaceUrl = /^.*\/w\/[^/]+/.exec(ana.page.url())![0]
  // Ana's phone: touch, 390 px wide, signed in with her password.
  const phone = await phoneActor(browser, 'Ana')
  const onPhone: Actor = { ...ana, context: phone.context, page: phone.page }
  await signIn(onPhone)
  const a = onPhone.page
  await expect(a).not.toHaveURL(/sign-in/, { timeout: 30_000 })
  await a.goto(appUrl(new URL(workspaceUrl).pathname))
  await waitLive(a)
  await a.getByRole('button', { name: 'Show channels' }).click()
  await expect(headings(a)).toHaveText(['Projects', 'Channels', 'Direct messages'])
  // The drawer in sight and done sliding in: its boxes are where the touches go (a box read
  // before it showed was none).
  await expect(link(a, 'random')).toBeVisible()
  await a.evaluate(MOTION_OVER)

  await test.step('held, then moved: dragged into Projects', async () => {
    const from = (await link(a, 'random').boundingBox())!
    const to = (await section(a, 'Projects').locator('.sidebar-heading').boundingBox())!
    const cdp = await a.context().newCDPSession(a)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      })
    // Held past the pick-up (300 ms) and moved before the menu's 550 ms: on the page's clock,
    // stopped for the hold, as a loaded machine cannot promise the move in time. (Chromium sends
    // no touchmove within its slop region, so a first pixel or two of movement tells the page
    // nothing: the first move it hears is the one that cancels the menu.)
    await a.clock.install()
    await a.clock.pauseAt(Date.now() + 1_000)
    await touch('touchStart', from.x + 40, from.y + from.height / 2)
    await a.clock.runFor(400)
    await expect(a.locator('.drag-overlay')).toBeVisible()
    await touch('touchMove', from.x + 40, from.y + from.height / 2 + 20)
    await a.clock.resume()
    for (let i = 1; i <= 10; i += 1) {
      const y =
        from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * i) / 10
      await touch('touchMove', from.x + 40, y)
    }
    await touch('touchEnd', 0, 0)
    await expect(a.locator('.drag-overlay')).toHaveCount(0)
    await expect(names(section(a, 'Projects'))).toHaveText(['random'])
    await expect(a.getByRole('menu')).toHaveCount(0)
  })

  await test.step('held still: the drag is put back and the menu opens', async () => {
    await longPress(a, link(a, 'random'), a.getByRole('menu', { name: 'Channel options' }))
    await expect(a.locator('.drag-overlay')).toHaveCount(0)
    await expect(names(section(a, 'Projects'))).toHaveText(['random'])
  })
  await phone.context.close()
})
