// The signed-in scene accessibility.spec.ts runs its tour over (support/axe-tour.ts), in one
// language: Ana's workspace with Ben in it, a message with a reaction and a thread, an image, a
// mention, a code line too long for its message (it scrolls sideways on its own: in the channel
// and in the thread), a table and a coloured code block, Ben's public #roadmap that Ana is not in; then the offline banner and the server out of reach ("Cannot reach the
// server").
import { expect } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import { actor, composer, messageWith, send, signUpByApi, waitLive } from './actors.ts'
import type { Actor } from './actors.ts'
import type { Look } from './camera.ts'
import { apiUrl } from './env.ts'
import { BROWSER_LOCALE, escapeRegExp, tr, trPattern } from './i18n.ts'
import type { Language } from './i18n.ts'
import { headings, link as sidebarLink, section } from './sections.ts'
import { thread, threadLive } from './thread.ts'
import { createInviteLink, createWorkspace, joinByInvite } from './workspace.ts'

// A real 4x4 PNG (as rough-edges.spec.ts's).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

/** A code block whose line is longer than a message is wide: it scrolls sideways, so the
 * keyboard must reach it (axe's scrollable-region-focusable). */
export const LONG_CODE =
  '```\nconst rollout = { date: "2026-12-01", steps: [' +
  '"draft", "review", "ship", '.repeat(8) +
  '"done"] }\n```'

/** A table and a coloured code block (issue 71, item 6), for axe and the layout check. */
export const TABLE_AND_CODE =
  '| Step | Owner | Due |\n|:--|:-:|--:|\n| Release **notes** | Ana | Dec 1 |\n\n' +
  '```ts\nconst ready: boolean = true // ship it\n```'

/** The desktop screens' size (the gallery's: 1,440x900). */
export const DESKTOP = { width: 1440, height: 900 }

/** Ana (her browser in `language`) and her workspace's name, Ben (in English) in it. `look`
 * sees the new workspace while it is empty: its #general, and the Threads and Later views. */
export async function workspaceScene(
  browser: Browser,
  language: Language,
  look?: Look
): Promise<{ ana: Actor; workspace: string }> {
  const say = (english: string, values?: Record<string, string>) => tr(language, english, values)
  const ana = await actor(browser, 'Ana', { locale: BROWSER_LOCALE[language], viewport: DESKTOP })
  const ben = await actor(browser, 'Ben')
  const workspace = `Axe ${language} ${Date.now().toString(36)}`
  await signUpByApi(ana)
  await createWorkspace(ana, workspace, language)
  const link = await createInviteLink(ana.page, language)
  if (look) {
    // The invitation as its receiver first sees it: who invited them to which workspace.
    const ivy = await actor(browser, 'Ivy', { locale: BROWSER_LOCALE[language], viewport: DESKTOP })
    await ivy.page.goto(link)
    await expect(ivy.page.locator('.auth-invitation')).toContainText(workspace)
    await look.checkThemes(ivy.page, `invitation [${language}]`)
    await ivy.context.close()
  }
  await joinByInvite(ben, link, workspace)
  await waitLive(ana.page)
  await waitLive(ben.page)
  const page = ana.page
  if (look) await emptyScreens(page, language, look)

  await send(page, 'The plan for the launch is ready', language)
  const message = messageWith(page, 'plan for the launch')
  await message.hover()
  await message.getByRole('button', { name: say('Add reaction') }).click()
  await page.getByRole('menuitem', { name: '🎉' }).click()
  await message.getByRole('button', { name: say('Reply in thread') }).click()
  await threadLive(page, language)
  const box = thread(page, language).getByRole('combobox', {
    name: trPattern(language, 'Message {where}'),
  })
  await box.fill('a reply in the thread')
  await box.press('Enter')
  await expect(thread(page, language).getByText('a reply in the thread')).toBeVisible()
  await box.fill(LONG_CODE)
  await box.press('Enter')
  await expect(thread(page, language).getByText('const rollout')).toBeVisible()
  await thread(page, language)
    .getByRole('button', { name: say('Close thread') })
    .click()
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
  await expect(
    page.getByRole('progressbar', { name: say('Upload of {name}', { name: 'pixels.png' }) })
  ).toHaveAttribute('class', 'progress-done')
  await send(page, 'a picture', language)
  await send(page, LONG_CODE, language)
  await composer(page, language).fill(TABLE_AND_CODE)
  await composer(page, language).press('Enter')
  await expect(page.locator('.message-body table').last()).toBeVisible()
  await expect(page.locator('.message-body .hljs-keyword').last()).toBeVisible()
  await send(ben.page, `@${ana.name} can you look?`)
  await expect(messageWith(page, 'can you look?')).toBeVisible()
  // A public channel of Ben's that Ana is not in: its preview is on the tour.
  await ben.page.getByRole('button', { name: 'Create a channel' }).click()
  const create = ben.page.getByRole('dialog', { name: 'Create a channel' })
  await create.getByLabel('Name').fill('roadmap')
  await create.getByRole('button', { name: 'Create' }).click()
  await waitLive(ben.page)
  await send(ben.page, 'The Q1 roadmap is up for comments: *dates are estimates*')
  // Ana's sidebar in sections: #general starred from its header, #random in a section of hers.
  await page.getByRole('button', { name: say('Star channel') }).click()
  await expect(headings(page).first()).toHaveText(say('Starred'))
  await page.getByRole('button', { name: say('Workspace menu') }).click()
  await page.getByRole('menuitem', { name: say('Create section…') }).click()
  const named = page.getByRole('dialog', { name: say('Create a section') })
  await named.getByLabel(say('Name')).fill('Projects')
  await named.getByRole('button', { name: say('Create'), exact: true }).click()
  await expect(named).toHaveCount(0)
  await sidebarLink(page, 'random').click({ button: 'right' })
  await page.getByRole('menuitem', { name: say('Move to section') }).click()
  // By the keyboard: Playwright's pointer jumps to the sub-menu in one move, and Radix, which
  // guesses where a pointer heads from its moves inside the menu (none here: "right"), closes a
  // sub-menu that opens to the left (Arabic). A person's pointer moves there and keeps it open.
  await page
    .getByRole('menu', { name: say('Move to section') })
    .getByRole('menuitem', { name: 'Projects' })
    .press('Enter')
  await expect(sidebarLink(section(page, 'Projects'), 'random')).toBeVisible()
  // Where the tour starts: the box focused (once the menu has given the focus back to the
  // link), the pointer resting over the messages.
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(sidebarLink(page, 'random')).toBeFocused()
  await composer(page, language).focus()
  await expect(composer(page, language)).toBeFocused()
  await page.mouse.move(800, 600)
  return { ana, workspace }
}

/** A new workspace's #general before anyone writes, and its empty Threads and Later views. */
async function emptyScreens(page: Page, language: Language, look: Look): Promise<void> {
  const say = (english: string) => tr(language, english)
  await look.checkThemes(page, `empty channel [${language}]`)
  await page.getByRole('link', { name: trPattern(language, 'Threads', true) }).click()
  await expect(page.getByRole('region', { name: say('Threads') })).toBeVisible()
  await look.checkThemes(page, `Threads view, empty [${language}]`)
  await page.getByRole('link', { name: trPattern(language, 'Later', true) }).click()
  await expect(page.getByRole('region', { name: say('Later') })).toBeVisible()
  await look.checkThemes(page, `Later view, empty [${language}]`)
  const general = new RegExp(`^general, ${escapeRegExp(say('channel'))}`)
  await page.getByRole('link', { name: general }).click()
  await waitLive(page)
}

/** The offline banner, then the server out of reach, each checked in both themes. */
export async function outOfReach(ana: Actor, audit: Look, language: Language): Promise<void> {
  const page = ana.page
  await ana.context.setOffline(true)
  await expect(page.locator('.status-banner[data-status="offline"]')).toBeVisible()
  await audit.checkThemes(page, `offline [${language}]`)
  await ana.context.setOffline(false)
  await waitLive(page)

  const api = new URL(apiUrl()).origin
  await ana.context.route(
    (url) => url.origin === api && /^\/(rest|auth|storage|functions)\/v1\//.test(url.pathname),
    (route) => route.abort('connectionrefused')
  )
  await ana.context.routeWebSocket(/\/realtime\/v1\//, (ws) => ws.close({ code: 1011 }))
  await page.reload()
  await expect(page.locator('.status-banner[data-status="loading"]')).toContainText(
    tr(language, 'Cannot reach the server. Retrying…')
  )
  await audit.checkThemes(page, `server out of reach [${language}]`)
}
