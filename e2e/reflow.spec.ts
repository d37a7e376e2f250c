// What an outside accessibility audit found about width (issue 67, item 5), in real Chromium:
// - a code block whose line is longer than the message is wide scrolls on its own, and the
//   keyboard reaches it and scrolls it (axe's scrollable-region-focusable, serious), in the
//   channel, in the thread pane and at phone width with the members panel open; axe finds
//   nothing on those screens, in the light and the dark theme;
// - nothing scrolls sideways at 320 px wide and at 200% zoom (the layout viewport halved, as
//   keyboard-display.spec.ts zooms): the message list with a file's card in it (its Download
//   button was off screen), the thread pane with that card (it ran past the pane), and the
//   notification settings and invite dialogs.
// Each place is measured: its scrollWidth is at most its clientWidth, and the file card and its
// Download button end inside it.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { AxeAudit } from './support/axe.ts'
import { thread, threadLive } from './support/thread.ts'
import { inOwnWorkspace } from './support/workspace.ts'

const LONG_LINE = `const launch = { date: '2026-12-01', owners: ['ana', 'ben'], steps: ${'["plan", "build", "ship"], '.repeat(6)}done: false }`
const CODE = '```\n' + LONG_LINE + '\n```'
const FILE = 'quarterly-planning-notes-for-the-whole-team-final-version-2.pdf'

/** A signed-in session, carried to a browser context of another size. */
type State = Awaited<ReturnType<BrowserContext['storageState']>>

/** Ana in her workspace with a long code line and a file's message in #general. */
async function scene(browser: Browser): Promise<{ ana: Actor; url: string; state: State }> {
  const ana = await actor(browser, 'Ana')
  await inOwnWorkspace(ana, `Reflow ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, CODE)
  await ana.page.getByTestId('file-input').setInputFiles({
    name: FILE,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  })
  await expect(ana.page.getByRole('progressbar', { name: `Upload of ${FILE}` })).toHaveAttribute(
    'class',
    'progress-done'
  )
  await send(ana.page, 'the notes')
  await expect(
    messageWith(ana.page, 'the notes').getByRole('link', { name: /Download/ })
  ).toBeVisible()
  return { ana, url: ana.page.url(), state: await ana.context.storageState() }
}

/** The same person's session in a browser of another size (200%: half the CSS pixels). */
async function at(
  browser: Browser,
  state: State,
  url: string,
  viewport: { width: number; height: number },
  phone = false
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: state,
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  })
  const page = await context.newPage()
  await page.goto(url)
  await waitLive(page)
  await expect(composer(page)).toBeVisible()
  return { context, page }
}

/** Opens the thread of the message with `text` from the keyboard (its hover bar is not at every
 * width): the message focused, then `t`. */
async function openThread(page: Page, text: string): Promise<void> {
  await messageWith(page, text).focus()
  await page.keyboard.press('t')
  await threadLive(page)
}

/** What scrolls sideways or ends past its place: [] when nothing. */
async function sideways(page: Page, place: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = []
    const root = document.querySelector<HTMLElement>(selector)
    if (!root) return [`${selector}: not on the page`]
    if (root.scrollWidth > root.clientWidth)
      problems.push(`${selector} scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`)
    const box = root.getBoundingClientRect()
    for (const el of root.querySelectorAll<HTMLElement>('.file-card, .file-card a, .dialog-body')) {
      const r = el.getBoundingClientRect()
      if (r.right > box.right + 1 || r.left < box.left - 1)
        problems.push(
          `${el.className || el.tagName} ends outside ${selector}: ${r.left}-${r.right} of ${box.left}-${box.right}`
        )
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}`)
    return problems
  }, place)
}

test('a long code line is reached and scrolled by the keyboard; axe finds nothing around it', async ({
  browser,
}) => {
  // Eight axe runs (four screens, two themes): about a minute alone on two cores.
  test.setTimeout(240_000)
  const audit = new AxeAudit()
  const { ana, url, state } = await scene(browser)
  const page = ana.page
  const code = messageWith(page, 'const launch').getByRole('group', { name: 'Code block' })
  await expect(code).toBeVisible()
  await code.focus()
  await expect(code).toBeFocused()
  const scrolled = () => code.evaluate((el) => el.scrollLeft)
  expect(await code.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await page.keyboard.press('ArrowRight')
  await expect.poll(scrolled).toBeGreaterThan(0)
  await audit.checkThemes(page, 'channel')

  await messageWith(page, 'const launch').hover()
  await messageWith(page, 'const launch').getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(page)
  await expect(thread(page).getByRole('group', { name: 'Code block' })).toBeVisible()
  await audit.checkThemes(page, 'thread')

  const phone = await at(browser, state, url, { width: 390, height: 844 }, true)
  await audit.checkThemes(phone.page, 'phone channel')
  await phone.page.getByRole('button', { name: 'Show members' }).tap()
  await expect(phone.page.getByRole('complementary', { name: 'Channel members' })).toBeVisible()
  await audit.checkThemes(phone.page, 'phone members panel')
  await phone.context.close()
  expect(audit.findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.targets[0]}`)).toEqual(
    []
  )
})

for (const [where, viewport] of [
  ['320 px wide', { width: 320, height: 640 }],
  ['200% zoom (1280x800 halved)', { width: 640, height: 400 }],
] as const) {
  test(`at ${where}: the list, a file's card, the thread pane and the dialogs never scroll sideways`, async ({
    browser,
  }) => {
    const { url, state } = await scene(browser)
    const { context, page } = await at(browser, state, url, viewport)
    expect(await sideways(page, '.message-scroller')).toEqual([])
    await openThread(page, 'the notes')
    expect(await sideways(page, '.thread-panel')).toEqual([])
    await thread(page).getByRole('button', { name: 'Close thread' }).click()

    for (const opener of ['Notifications', 'Invite people']) {
      // At these widths the sidebar is a drawer: opened first (it stays open after a dialog).
      const button = page.getByRole('button', { name: opener, exact: true }).first()
      if (!(await button.isVisible()))
        await page.getByRole('button', { name: 'Show channels' }).click()
      await button.click()
      const dialog = page.getByRole('dialog').last()
      await expect(dialog).toBeVisible()
      expect(await sideways(page, 'dialog[open]'), opener).toEqual([])
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
    await context.close()
  })
}

test('at desktop width with a thread open, a file card stays inside the thread pane', async ({
  browser,
}) => {
  const { url, state } = await scene(browser)
  const { context, page } = await at(browser, state, url, { width: 1280, height: 800 })
  await openThread(page, 'the notes')
  expect(await sideways(page, '.thread-panel')).toEqual([])
  expect(await sideways(page, '.message-scroller')).toEqual([])
  await context.close()
})
