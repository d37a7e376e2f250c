// Accessibility, measured (issue 53, item 1): axe-core (support/axe.ts, WCAG 2.2 A and AA: tags
// wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) over every screen and state a person meets, in
// production like the other specs: sign-in (and refused), sign-up and its "Check your email", a
// new person's "Welcome"; the workspace with a channel open (messages, an image, a reaction, a
// thread, a mention), the members panel, a thread, search results, the quick switcher, the
// composer's mention list, the quick reactions and the emoji picker, the image viewer, the
// action sheet and "Save for later", the Threads and Later views, every dialog of the workspace
// menu, the channel's header and the sidebar, the profile with its status and security sections,
// notifications, the offline banner and the server out of reach ("Cannot reach the server"); all
// of it in the light and the dark theme (the system's, emulated), and the main ones at phone
// width (390x844, touch): the channel, the channel list, a message's action sheet, a thread,
// search results (the signed-in screens' tour: support/axe-tour.ts).
// No violation of serious or critical impact is allowed. Minor and moderate findings left, each
// with why (the test fails on one not listed here, so this list stays true):
//   (none: axe 4.13 finds no violation of any impact on these screens)
// No rule is turned off and nothing is excluded.
// Found and fixed when this spec came (2026-11-25): white avatar initials on light hues (2.3:1;
// now 30% lightness, 4.7:1 or more), the dark theme's accent as text and under white text (3.6:1;
// now lighter with dark text on it), the muted time on a dark mention's background (4.35:1), and
// the message feed holding separators (a feed owns articles only: the lines are plain text now).
import type { Browser } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, signUpByApi, waitLive } from './support/actors.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { AxeAudit } from './support/axe.ts'
import { tour } from './support/axe-tour.ts'
import { phoneActor } from './support/phone.ts'
import { thread, threadLive } from './support/thread.ts'
import { createInviteLink, createWorkspace, joinByInvite } from './support/workspace.ts'

/** Minor/moderate rules found and accepted, with the reason in the header above. */
const ACCEPTED_MINOR: string[] = []

// A real 4x4 PNG (as rough-edges.spec.ts's).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

test('sign-in, sign-up, "Check your email" and "Welcome" have no serious violation', async ({
  browser,
}) => {
  const audit = new AxeAudit()
  const ola = await actor(browser, 'Ola')
  const page = ola.page
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.goto(appUrl('/sign-in'))
    await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    await audit.check(page, `sign-in (${theme})`)
    await page.getByLabel('Email').fill('nobody@example.test')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await audit.check(page, `sign-in refused (${theme})`)
    await page.goto(appUrl('/sign-up'))
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
    await audit.check(page, `sign-up (${theme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByLabel('Display name').fill(ola.name)
  await page.getByLabel('Email').fill(ola.email)
  await page.getByLabel('Password').fill(ola.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await audit.check(page, 'check your email')

  const una = await actor(browser, 'Una')
  await signUpByApi(una)
  await expect(una.page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await audit.check(una.page, 'welcome (light)')
  await una.page.emulateMedia({ colorScheme: 'dark' })
  await audit.check(una.page, 'welcome (dark)')
  audit.assertClean(ACCEPTED_MINOR)
})

/** Ana's workspace with Ben in it: a message with a reaction and a thread, an image, a mention. */
async function workspaceScene(browser: Browser) {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  const workspace = `Axe ${Date.now().toString(36)}`
  await signUpByApi(ana)
  await createWorkspace(ana, workspace)
  const link = await createInviteLink(ana.page)
  await joinByInvite(ben, link, workspace)
  await waitLive(ana.page)
  await waitLive(ben.page)
  const page = ana.page

  await send(page, 'The plan for the launch is ready')
  const message = messageWith(page, 'plan for the launch')
  await message.hover()
  await message.getByRole('button', { name: 'Add reaction' }).click()
  await page.getByRole('menuitem', { name: '🎉' }).click()
  await message.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(page)
  const box = thread(page).getByRole('combobox', { name: /^Message / })
  await box.fill('a reply in the thread')
  await box.press('Enter')
  await expect(thread(page).getByText('a reply in the thread')).toBeVisible()
  await thread(page).getByRole('button', { name: 'Close thread' }).click()
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('progressbar', { name: 'Upload of pixels.png' })).toHaveAttribute(
    'class',
    'progress-done'
  )
  await send(page, 'a picture')
  await send(ben.page, `@${ana.name} can you look?`)
  await expect(messageWith(page, 'can you look?')).toBeVisible()
  return ana
}

// One test per theme: each tour is some forty axe runs, and each test has its own time.
for (const theme of ['light', 'dark'] as const) {
  test(`the workspace, its dialogs, thread, search, picker, viewer and offline banner (${theme})`, async ({
    browser,
  }) => {
    test.setTimeout(300_000)
    const audit = new AxeAudit()
    const ana = await workspaceScene(browser)
    const page = ana.page
    await page.emulateMedia({ colorScheme: theme })
    await test.step(`every screen, ${theme}`, () => tour(page, audit, theme))

    await test.step('the offline banner', async () => {
      await ana.context.setOffline(true)
      await expect(page.locator('.status-banner[data-status="offline"]')).toBeVisible()
      await audit.check(page, `offline (${theme})`)
      await ana.context.setOffline(false)
      await waitLive(page)
    })

    await test.step('the server out of reach: "Cannot reach the server", the sidebar too', async () => {
      const api = new URL(apiUrl()).origin
      await ana.context.route(
        (url) => url.origin === api && /^\/(rest|auth|storage|functions)\/v1\//.test(url.pathname),
        (route) => route.abort('connectionrefused')
      )
      await ana.context.routeWebSocket(/\/realtime\/v1\//, (ws) => ws.close({ code: 1011 }))
      await page.reload()
      await expect(page.locator('.status-banner[data-status="loading"]')).toContainText(
        'Cannot reach the server'
      )
      await audit.check(page, `server out of reach (${theme})`)
    })
    audit.assertClean(ACCEPTED_MINOR)
  })
}

test('at phone width: the channel, the channel list, the action sheet, a thread, search, light and dark', async ({
  browser,
}) => {
  const audit = new AxeAudit()
  const pia = await phoneActor(browser, 'Pia')
  const page = pia.page
  await signUpByApi(pia)
  await createWorkspace(pia, `Phone ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'Agenda for Friday: demo, then lunch')
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await audit.check(page, `phone channel (${theme})`)
    await page.getByRole('button', { name: 'Show channels' }).tap()
    await expect(page.getByRole('button', { name: 'Browse channels' })).toBeVisible()
    await audit.check(page, `phone channel list (${theme})`)
    await page
      .getByRole('link', { name: /general/ })
      .first()
      .tap()
    await waitLive(page)
    const message = messageWith(page, 'Agenda for Friday')
    await message.getByRole('button', { name: 'More actions' }).tap()
    const sheet = page.getByRole('dialog', { name: /Agenda for Friday/ })
    await expect(sheet).toBeVisible()
    await audit.check(page, `phone action sheet (${theme})`)
    await sheet.getByRole('button', { name: 'Reply in thread' }).tap()
    await threadLive(page)
    await audit.check(page, `phone thread (${theme})`)
    await thread(page).getByRole('button', { name: 'Close thread' }).tap()
    await page.getByRole('button', { name: /^Search / }).tap()
    const search = page.getByRole('dialog', { name: /^Search / })
    await search.getByRole('combobox', { name: 'Search messages' }).fill('agenda')
    await expect(search.getByRole('listbox', { name: 'Results' }).getByRole('option')).toHaveCount(
      1
    )
    await audit.check(page, `phone search results (${theme})`)
    await page.keyboard.press('Escape')
    await expect(search).toBeHidden()
  }
  audit.assertClean(ACCEPTED_MINOR)
})
