// Accessibility, measured (issue 53, item 1): axe-core (support/axe.ts, WCAG 2.2 A and AA: tags
// wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) over every screen and state a person meets, in
// production like the other specs: sign-in (and refused), sign-up and its "Check your email", an
// invitation link that does not work, a new person's "Welcome"; the workspace with a channel open
// (messages, an image, a reaction, a thread, a mention), the members panel, a thread, search
// results, the quick switcher, the composer's mention list, the quick reactions and the emoji
// picker, the image viewer, the action sheet and "Save for later", the Threads and Later views,
// every dialog of the workspace menu, the channel's header and the sidebar, the profile with its
// status and security sections, notifications, the offline banner and the server out of reach
// ("Cannot reach the server"); all of it in the light and the dark theme (the system's, emulated:
// each screen is checked in both before the tour moves on; in the dark one with axe's rules about
// colour, since that theme changes colours only, which app/src/ui/themes.test.ts holds the app to;
// the dark one in English and Arabic, see below), and the main ones at phone width (390x844,
// touch): the channel (with a code line that scrolls sideways), the members panel, the channel
// list, a message's action sheet, a thread, search results, Activity and All unreads (the signed-in
// screens' scene and tour: support/axe-scene.ts, support/axe-tour.ts). All of it in each of the
// app's four languages, English, German, Japanese and Arabic (right to left), each person's browser
// in that language and every element found by the app's text in it (support/i18n.ts). Each language
// is its own test, and the file's tests run in parallel: the two workers share them (the four
// languages side by side in one test took the workspace tour past 10 minutes in CI, 2026-11-27).
// The dark theme's colours are checked in English and Arabic, one language of each direction, and
// not again in German and Japanese (since 2026-11-29: the dark checks, axe's colour rules, took 40%
// of a tour's time). What they would see is seen: the dark theme is colour custom properties only
// and no stylesheet rule names a language (app/src/ui/themes.test.ts holds both, and each pair of
// the palette against WCAG's ratios in both themes), so German's and Japanese's elements have
// English's colours, sizes and weights, and the light check in every language runs the colour
// rules too, over that language's own words and layout.
// The notifications prompt, which the headless shell never shows: notifications-prompt.spec.ts.
// No violation of serious or critical impact is allowed. Minor and moderate findings left, each
// with why (the test fails on one not listed here, so this list stays true):
//   (none: axe 4.13 finds no violation of any impact on these screens, in any of the languages)
// No rule is turned off and nothing is excluded.
// The same screens are watched for Content-Security-Policy refusals (support/csp-watch.ts; none
// allowed), and in English and Arabic, the gallery's languages, checked for tofu and overflow at
// their size, at 320 px (phone) and at 200 % zoom (desktop) (support/layout-check.ts). With
// SCREENS_OUT set (`npm run screens`), only photographed (support/camera.ts).
// Found and fixed when this spec came (2026-11-25): white avatar initials on light hues (2.3:1;
// now 30% lightness, 4.7:1 or more), the dark theme's accent as text and under white text (3.6:1;
// now lighter with dark text on it), the muted time on a dark mention's background (4.35:1), and
// the message feed holding separators (a feed owns articles only: the lines are plain text now).
import type { Browser } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, signUpByApi, waitLive } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { AxeAudit } from './support/axe.ts'
import { allOf, Camera } from './support/camera.ts'
import { CspWatch } from './support/csp-watch.ts'
import type { Look } from './support/camera.ts'
import { LayoutCheck } from './support/layout-check.ts'
import { DESKTOP, LONG_CODE, outOfReach, workspaceScene } from './support/axe-scene.ts'
import { tour } from './support/axe-tour.ts'
import {
  BROWSER_LOCALE,
  escapeRegExp,
  LANGUAGES,
  loadCatalogs,
  tr,
  trPattern,
} from './support/i18n.ts'
import type { Language } from './support/i18n.ts'
import { phoneActor } from './support/phone.ts'
import { thread, threadLive } from './support/thread.ts'
import { createWorkspace } from './support/workspace.ts'

/** Minor/moderate rules found and accepted, with the reason in the header above. */
const ACCEPTED_MINOR: string[] = []

/** The gallery's languages (`npm run screens`): their screens are also checked for tofu and
 * overflow (support/layout-check.ts). */
const GALLERY: readonly Language[] = ['en', 'ar']

/** The languages whose screens are also checked in the dark theme, one of each direction (the
 * header says why the others need not be). */
const DARK_CHECKED: readonly Language[] = ['en', 'ar']

/** What looks at each screen of one test, and the browser its people open their pages in: the
 * Content-Security-Policy's watch (support/csp-watch.ts: nothing refused), axe, and the layout
 * check in the gallery's languages; when `npm run screens` runs, the gallery's camera alone. */
function looks(browser: Browser, language: Language, set: string) {
  const camera = Camera.forRun(language, set)
  // The gallery's run only takes the pictures: these tests check the same screens.
  if (camera) return { browser, look: camera, assertClean() {} }
  const audit = new AxeAudit({ themes: DARK_CHECKED.includes(language) ? 'both' : 'light' })
  const csp = new CspWatch()
  const layout = GALLERY.includes(language) ? new LayoutCheck() : null
  const look = allOf(csp, audit, layout)
  return {
    browser: csp.browser(browser),
    look,
    assertClean() {
      expect(csp.violations, 'refused by the Content-Security-Policy').toEqual([])
      audit.assertClean(ACCEPTED_MINOR)
      layout?.assertClean()
    },
  }
}

test.describe.configure({ mode: 'parallel' })
test.beforeAll(loadCatalogs)

async function firstScreens(browser: Browser, audit: Look, language: Language) {
  const say = (english: string) => tr(language, english)
  const at = (screen: string) => `${screen} [${language}]`
  const ola = await actor(browser, 'Ola', { locale: BROWSER_LOCALE[language], viewport: DESKTOP })
  const page = ola.page
  await page.goto(appUrl('/sign-in'))
  await expect(page.getByRole('heading', { name: say('Sign in to Chorus') })).toBeVisible()
  await audit.checkThemes(page, at('sign-in'))
  await page.getByLabel(say('Email')).fill('nobody@example.test')
  await page.getByLabel(say('Password')).fill('not the password')
  await page.getByRole('button', { name: say('Sign in'), exact: true }).click()
  // Said in the person's language, not Auth's "Invalid login credentials".
  await expect(page.getByRole('alert')).toContainText(
    say('That email and password do not match. Check them, or reset your password.')
  )
  await audit.checkThemes(page, at('sign-in refused'))
  await page.goto(appUrl('/sign-up'))
  await expect(page.getByRole('button', { name: say('Create account') })).toBeVisible()
  await audit.checkThemes(page, at('sign-up'))
  // Sent empty: each field says what it needs, under itself.
  await page.getByRole('button', { name: say('Create account') }).click()
  await expect(page.getByLabel(say('Email'))).toHaveAttribute('aria-invalid', 'true')
  await audit.checkThemes(page, at('sign-up errors'))
  await page.getByLabel(say('Display name')).fill(ola.name)
  await page.getByLabel(say('Email')).fill(ola.email)
  await page.getByLabel(say('Password')).fill(ola.password)
  await page.getByRole('button', { name: say('Create account') }).click()
  await expect(page.getByRole('heading', { name: say('Check your email') })).toBeVisible()
  await audit.checkThemes(page, at('check your email'))
  await page.goto(appUrl('/invite/not-a-real-invitation'))
  await expect(
    page.getByRole('heading', { name: say('This invitation link does not work') })
  ).toBeVisible()
  await audit.checkThemes(page, at('invitation link does not work'))

  const una = await actor(browser, 'Una', { locale: BROWSER_LOCALE[language], viewport: DESKTOP })
  await signUpByApi(una)
  await expect(una.page.getByRole('heading', { name: say('Welcome to Chorus') })).toBeVisible()
  await audit.checkThemes(una.page, at('welcome'))
}

for (const language of LANGUAGES) {
  test(`sign-in, sign-up, "Check your email", a dead invitation link and "Welcome" have no serious violation [${language}]`, async ({
    browser,
  }) => {
    const { browser: watched, look, assertClean } = looks(browser, language, 'desktop-1-first')
    await firstScreens(watched, look, language)
    assertClean()
  })

  test(`the workspace, its dialogs, thread, search, picker, viewer and offline banner [${language}]`, async ({
    browser,
  }) => {
    // About 60 screens, each in both themes: 2-3 minutes alone on 2 cores.
    test.setTimeout(360_000)
    const { browser: watched, look, assertClean } = looks(browser, language, 'desktop-2-workspace')
    const { ana, workspace } = await workspaceScene(watched, language, look)
    await tour({ page: ana.page, audit: look, language, workspace })
    await outOfReach(ana, look, language)
    assertClean()
  })

  test(`at phone width: the channel, the channel list, the action sheet, a thread, a poll, search, Activity, All unreads and Drafts, light and dark [${language}]`, async ({
    browser,
  }) => {
    const { browser: watched, look, assertClean } = looks(browser, language, 'phone')
    await phoneScreens(watched, look, language)
    assertClean()
  })
}

async function phoneScreens(browser: Browser, audit: Look, language: Language) {
  const say = (english: string, values?: Record<string, string>) => tr(language, english, values)
  const at = (screen: string) => `phone ${screen} [${language}]`
  const pia = await phoneActor(browser, 'Pia', { locale: BROWSER_LOCALE[language] })
  const page = pia.page
  const workspace = `Phone ${language} ${Date.now().toString(36)}`
  await signUpByApi(pia)
  await createWorkspace(pia, workspace, language)
  await waitLive(page)
  await send(page, 'Agenda for Friday: demo, then lunch', language)
  await send(page, LONG_CODE, language)
  await audit.checkThemes(page, at('channel'))
  await page.getByRole('button', { name: say('Show members') }).tap()
  const members = page.getByRole('complementary', { name: say('Channel members') })
  await expect(members).toBeVisible()
  await audit.checkThemes(page, at('members panel'))
  // On a phone the panel covers the header: it closes itself.
  await members.getByRole('button', { name: say('Close members') }).tap()
  await expect(members).toBeHidden()
  await page.getByRole('button', { name: say('Show channels') }).tap()
  await expect(page.getByRole('button', { name: say('Browse channels') })).toBeVisible()
  await audit.checkThemes(page, at('channel list'))
  await page
    .getByRole('link', { name: /general/ })
    .first()
    .tap()
  await waitLive(page)
  const message = messageWith(page, 'Agenda for Friday')
  await message.getByRole('button', { name: say('More actions') }).tap()
  const sheet = page.getByRole('dialog', { name: /Agenda for Friday/ })
  await expect(sheet).toBeVisible()
  await audit.checkThemes(page, at('action sheet'))
  await sheet.getByRole('button', { name: say('Reply in thread') }).tap()
  await threadLive(page, language)
  await audit.checkThemes(page, at('thread'))
  await thread(page, language)
    .getByRole('button', { name: say('Close thread') })
    .tap()
  // A poll at phone width: made with /poll, voted on.
  const box = composer(page, language)
  await box.fill('/po')
  await expect(page.getByRole('listbox', { name: say('Commands') })).toBeVisible()
  await box.fill('/poll Demo day? | Monday | Friday')
  await box.press('Enter')
  const poll = page.getByRole('region', {
    name: say('Poll: {question}', { question: 'Demo day?' }),
  })
  await poll.getByRole('radio', { name: /Friday/ }).tap()
  await expect(poll.getByRole('radio', { name: /Friday/ })).toBeChecked()
  await audit.checkThemes(page, at('poll'))
  const searchName = say('Search {workspaceName}', { workspaceName: workspace })
  await page.getByRole('button', { name: searchName }).tap()
  const search = page.getByRole('dialog', { name: searchName })
  await search.getByRole('combobox', { name: say('Search messages') }).fill('agenda')
  const results = search.getByRole('listbox', { name: say('Results') }).getByRole('option')
  await expect(results).toHaveCount(1)
  await audit.checkThemes(page, at('search results'))
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()
  // "Forward message…" from the action sheet: the dialog, then the forward's card in #general.
  await message.getByRole('button', { name: say('More actions') }).tap()
  await page
    .getByRole('dialog', { name: /Agenda for Friday/ })
    .getByRole('button', { name: say('Forward message…') })
    .tap()
  const forwarding = page.getByRole('dialog', { name: say('Forward message') })
  await forwarding.getByLabel(say('Forward to')).fill('gen')
  await forwarding.getByRole('checkbox', { name: /#general/ }).check()
  await forwarding.getByLabel(say('Add a message (optional)')).fill('For Friday')
  await expect(forwarding.locator('.forward-card')).toContainText('Agenda for Friday')
  await audit.checkThemes(page, at('forward dialog'))
  await forwarding.getByRole('button', { name: say('Forward'), exact: true }).tap()
  await expect(forwarding).toBeHidden()
  await expect(messageWith(page, 'For Friday').last().locator('.forward-card')).toBeVisible()
  await audit.checkThemes(page, at('forwarded message'))
  // The catching-up views, from the channel list's drawer (their headers open it again).
  for (const view of ['Activity', 'All unreads', 'Drafts']) {
    await page.getByRole('button', { name: say('Show channels') }).tap()
    await page.getByRole('link', { name: trPattern(language, view, true) }).tap()
    await expect(page.getByRole('region', { name: say(view) })).toBeVisible()
    await audit.checkThemes(page, at(`${view} view`))
  }
  // In the gallery's languages, every dialog at phone width too (German and Japanese have them on
  // the desktop tour): the drawer's, and each the workspace menu offers.
  if (language !== 'en' && language !== 'ar') return
  const drawer = async () => {
    const menu = page.getByRole('button', { name: say('Workspace menu') })
    if (!(await menu.isVisible()))
      await page.getByRole('button', { name: say('Show channels') }).tap()
    return menu
  }
  const phoneDialog = async (screen: string, open: () => Promise<void>) => {
    await open()
    const dialog = page.getByRole('dialog').last()
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('.spinner')).toHaveCount(0)
    await audit.checkThemes(page, at(screen))
    await dialog
      .getByRole('button', { name: say('Close') })
      .first()
      .tap()
    await expect(dialog).toBeHidden()
  }
  for (const name of ['Create a channel', 'Browse channels', 'New direct message']) {
    await phoneDialog(name.toLowerCase(), async () => {
      await drawer()
      await page.getByRole('button', { name: say(name), exact: true }).tap()
    })
  }
  await (await drawer()).tap()
  await expect(page.getByRole('menuitem', { name: say('Leave workspace') })).toBeInViewport()
  const items = (await page.getByRole('menuitem').allTextContents()).filter(
    (item) => item !== say('Leave workspace')
  )
  expect(items.length).toBeGreaterThanOrEqual(9)
  await page.keyboard.press('Escape')
  for (const item of items) {
    await phoneDialog(`${item} dialog`, async () => {
      await (await drawer()).tap()
      await page.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(item)}$`) }).tap()
    })
  }
  for (const view of ['Threads', 'Later']) {
    await drawer()
    await page.getByRole('link', { name: trPattern(language, view, true) }).tap()
    await expect(page.getByRole('region', { name: say(view) })).toBeVisible()
    await audit.checkThemes(page, at(`${view} view`))
  }
}
