// The screens of the signed-in app that accessibility.spec.ts runs axe over, in one language,
// each in the dark and the light theme: the channel, the workspace menu and each of its dialogs,
// the sidebar's and the header's dialogs, the profile and its sections, the members panel, the
// quick reactions, the emoji picker, the thread, the image viewer, search results, the mention
// list, the emoji autocomplete, the quick switcher, the message menu, the saved toast and the reminder dialog, the
// delete confirmation, a poll and its dialog, the Threads, Later, Activity, All unreads and
// Drafts (empty and with a draft) views, a public channel's preview, a direct message (its
// header's line).
// The page is the owner's (support/axe-scene.ts), in #general with a message "…plan for the
// launch…" that has a reply in its thread, an image "pixels.png", and another person to mention
// ("Be…"). Every name the tour finds an element by is the app's text in that language
// (support/i18n.ts).
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import type { Look } from './camera.ts'
import { escapeRegExp, tr, trPattern } from './i18n.ts'
import type { Language } from './i18n.ts'
import { thread, threadLive } from './thread.ts'
import { messageWith } from './actors.ts'

/** Where the tour goes: the owner's page, in its language, in this workspace. */
export interface TourPlace {
  page: Page
  /** What looks at each screen: axe, the layout check and the gallery's camera
   * (accessibility.spec.ts), or the CSP's watch (csp.spec.ts). */
  audit: Look
  language: Language
  workspace: string
}

/** Opens a dialog, waits for its content (no spinner left), checks it, closes it. */
async function dialogCheck(
  { page, audit, language }: TourPlace,
  screen: string,
  open: () => Promise<void>
): Promise<void> {
  await open()
  const dialog = page.getByRole('dialog').last()
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('.spinner')).toHaveCount(0)
  await audit.checkThemes(page, screen)
  await dialog
    .getByRole('button', { name: tr(language, 'Close') })
    .first()
    .click()
  await expect(dialog).toBeHidden()
}

/** Every screen of the signed-in app, in the dark and the light theme. */
export async function tour(place: TourPlace): Promise<void> {
  const { page, audit, language, workspace } = place
  const say = (english: string, values?: Record<string, string>) => tr(language, english, values)
  const at = (screen: string) => `${screen} [${language}]`
  await audit.checkThemes(page, at('channel'))

  const menuButton = page.getByRole('button', { name: say('Workspace menu') })
  await menuButton.click()
  await expect(page.getByRole('menu', { name: say('Workspace menu') })).toBeVisible()
  // In sight, not only present: a box around it once clipped all but the first item.
  await expect(page.getByRole('menuitem', { name: say('Leave workspace') })).toBeInViewport()
  await audit.checkThemes(page, at('workspace menu'))
  // Every dialog the menu offers, whichever features add them (the app's slots/workspace.ts).
  const items = (await page.getByRole('menuitem').allTextContents()).filter(
    (item) => item !== say('Leave workspace')
  )
  await page.keyboard.press('Escape')
  expect(items.length).toBeGreaterThanOrEqual(9)
  for (const item of items) {
    await dialogCheck(place, at(`${item} dialog`), async () => {
      await menuButton.click()
      await page.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(item)}$`) }).click()
    })
  }
  // A select open (Radix's, in Preferences): its options in sight.
  await menuButton.click()
  // Exact: German's "Einstellungen" is also within "Workspace-Einstellungen".
  await page.getByRole('menuitem', { name: say('Preferences'), exact: true }).click()
  const preferences = page.getByRole('dialog', { name: say('Preferences'), exact: true })
  await preferences.getByRole('combobox').first().click()
  const options = page.getByRole('listbox')
  await expect(options).toBeVisible()
  await audit.checkThemes(page, at('select open'))
  await page.keyboard.press('Escape')
  await expect(options).toBeHidden()
  if (await preferences.isVisible()) {
    await preferences
      .getByRole('button', { name: say('Close') })
      .first()
      .click()
  }
  await expect(preferences).toBeHidden()

  const button = (name: string) => () =>
    page.getByRole('button', { name: say(name), exact: true }).click()
  await dialogCheck(place, at('create a channel'), button('Create a channel'))
  await dialogCheck(place, at('browse channels'), button('Browse channels'))
  await dialogCheck(place, at('new direct message'), button('New direct message'))
  await dialogCheck(place, at('add people'), button('Add people to the channel'))
  await dialogCheck(place, at('channel settings'), button('Channel settings'))
  await dialogCheck(place, at('notifications'), button('Notifications'))
  await dialogCheck(place, at('profile'), button('Your profile'))
  await dialogCheck(place, at('status'), async () => {
    await button('Your profile')()
    await page.getByRole('button', { name: say('Set a status') }).click()
  })
  await dialogCheck(place, at('security'), async () => {
    await button('Your profile')()
    await button('Security: two-factor sign-in, sessions, password, email')()
  })

  const members = page.getByRole('button', { name: say('Show members') })
  await members.click()
  await expect(page.getByRole('complementary', { name: say('Channel members') })).toBeVisible()
  await audit.checkThemes(page, at('members panel'))
  await members.click()

  const message = messageWith(page, 'plan for the launch')
  await message.hover()
  await message.getByRole('button', { name: say('Add reaction') }).click()
  const more = message.getByRole('menuitem', { name: say('More emoji') })
  await expect(more).toBeVisible()
  await audit.checkThemes(page, at('quick reactions'))
  await more.click()
  const picker = page.getByRole('dialog', { name: say('Add a reaction') })
  await expect(picker.getByRole('searchbox', { name: say('Search emoji') })).toBeVisible()
  await audit.checkThemes(page, at('emoji picker'))
  await page.keyboard.press('Escape')
  await expect(picker).toBeHidden()

  await message.hover()
  await message.getByRole('button', { name: say('Reply in thread') }).click()
  await threadLive(page, language)
  await expect(thread(page, language).getByText('a reply in the thread')).toBeVisible()
  await audit.checkThemes(page, at('thread'))
  await thread(page, language)
    .getByRole('button', { name: say('Close thread') })
    .click()

  await messageWith(page, 'a picture')
    .getByRole('button', { name: say('Open image {name}', { name: 'pixels.png' }) })
    .click()
  await expect(page.getByRole('dialog', { name: 'pixels.png' })).toBeVisible()
  await audit.checkThemes(page, at('image viewer'))
  await page.keyboard.press('Escape')

  await expect(page.locator('html[data-search-keys]')).toBeAttached()
  await page.keyboard.press('Control+g')
  const search = page.getByRole('dialog', {
    name: say('Search {workspaceName}', { workspaceName: workspace }),
  })
  await search.getByRole('combobox', { name: say('Search messages') }).fill('launch')
  const results = search.getByRole('listbox', { name: say('Results') }).getByRole('option')
  await expect(results).toHaveCount(1)
  await audit.checkThemes(page, at('search results'))
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()

  const box = page.getByRole('combobox', { name: say('Message {where}', { where: '#general' }) })
  await box.fill('@Be')
  await expect(
    page.getByRole('listbox', { name: say('People and groups to mention') })
  ).toBeVisible()
  await audit.checkThemes(page, at('mention list'))
  await box.press('Escape')
  await box.fill(':ta')
  await expect(page.getByRole('listbox', { name: say('Emoji') })).toBeVisible()
  await audit.checkThemes(page, at('emoji autocomplete'))
  await box.press('Escape')
  await box.fill('')

  await expect(page.locator('html[data-search-keys]')).toBeAttached()
  await page.keyboard.press('Control+k')
  const jump = page.getByRole('dialog', { name: say('Jump to…') })
  await jump.getByRole('combobox').fill('gen')
  await expect(jump.getByRole('option').first()).toBeVisible()
  await audit.checkThemes(page, at('quick switcher'))
  await page.keyboard.press('Escape')
  await expect(jump).toBeHidden()

  // On a wide screen "More actions" is a menu beside the message; "Save for later" saves at
  // once and a toast offers a reminder, "Custom…" the reminder dialog.
  await message.hover()
  await message.getByRole('button', { name: say('More actions') }).click()
  const menu = page.getByRole('menu', { name: /plan for the launch/ })
  const save = menu.getByRole('menuitem', { name: say('Save for later') })
  await expect(save).toBeVisible()
  await audit.checkThemes(page, at('message menu'))
  await save.click()
  await expect(menu).toBeHidden()
  const custom = page.getByRole('button', { name: say('Custom…') })
  await expect(custom).toBeVisible()
  await audit.checkThemes(page, at('saved toast'))
  await custom.click()
  const saveDialog = page.getByRole('dialog', { name: say('Remind me about this message') })
  await expect(saveDialog).toBeVisible()
  await audit.checkThemes(page, at('reminder dialog'))
  // Its date on a calendar beside the field; Escape closes the calendar, not the dialog.
  const dateField = saveDialog.getByRole('button', { name: say('Date'), exact: true })
  await dateField.click()
  const calendar = page.getByRole('dialog', { name: say('Date'), exact: true })
  await expect(calendar.getByRole('grid')).toBeVisible()
  await audit.checkThemes(page, at('reminder calendar'))
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()
  await expect(dateField).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(saveDialog).toBeHidden()

  // Deleting asks first, in the app's own dialog; Cancel keeps the message.
  await message.hover()
  await message.getByRole('button', { name: say('More actions') }).click()
  await page
    .getByRole('menu', { name: /plan for the launch/ })
    .getByRole('menuitem', { name: say('Delete message') })
    .click()
  const asked = page.getByRole('alertdialog')
  await expect(asked).toBeVisible()
  await audit.checkThemes(page, at('delete confirmation'))
  await asked.getByRole('button', { name: say('Cancel'), exact: true }).click()
  await expect(asked).toBeHidden()
  await expect(message).toBeVisible()

  // A poll: "/poll" opens its dialog; the poll it posts, voted on (results, the choice marked).
  await box.fill('/po')
  await expect(page.getByRole('listbox', { name: say('Commands') })).toBeVisible()
  await box.fill('/poll ')
  await box.press('Enter')
  const pollDialog = page.getByRole('dialog', { name: say('Create a poll') })
  await pollDialog.getByLabel(say('Question')).fill('Launch day?')
  for (const [n, day] of [
    ['1', 'Monday'],
    ['2', 'Tuesday'],
    ['3', 'Friday'],
  ] as const) {
    await pollDialog.getByLabel(say('Option {n}', { n }), { exact: true }).fill(day)
  }
  await audit.checkThemes(page, at('create a poll'))
  await pollDialog
    .getByRole('button', { name: say('Post poll in {where}', { where: '#general' }) })
    .click()
  await expect(pollDialog).toBeHidden()
  const poll = page.getByRole('region', {
    name: say('Poll: {question}', { question: 'Launch day?' }),
  })
  await poll.getByRole('radio', { name: /Tuesday/ }).click()
  await expect(poll.getByRole('radio', { name: /Tuesday/ })).toBeChecked()
  await expect(poll.locator('.poll-voters')).toHaveCount(1)
  await audit.checkThemes(page, at('poll'))

  await page.getByRole('link', { name: trPattern(language, 'Threads', true) }).click()
  await expect(page.getByRole('region', { name: say('Threads') })).toBeVisible()
  await audit.checkThemes(page, at('Threads view'))
  await page.getByRole('link', { name: trPattern(language, 'Later', true) }).click()
  await expect(page.getByRole('region', { name: say('Later') })).toBeVisible()
  await audit.checkThemes(page, at('Later view'))
  await page.getByRole('link', { name: trPattern(language, 'Activity', true) }).click()
  await expect(page.getByRole('region', { name: say('Activity') })).toBeVisible()
  await audit.checkThemes(page, at('Activity view'))
  await page.getByRole('link', { name: trPattern(language, 'All unreads', true) }).click()
  await expect(page.getByRole('region', { name: say('All unreads') })).toBeVisible()
  await audit.checkThemes(page, at('All unreads view'))
  // Drafts, empty; then with what is being written in #general (saved to the account a moment
  // after typing pauses: its card shows then), which is sent away again.
  const drafts = page.getByRole('link', { name: trPattern(language, 'Drafts', true) })
  await drafts.click()
  await expect(page.getByRole('heading', { name: say('No drafts') })).toBeVisible()
  await audit.checkThemes(page, at('Drafts view, empty'))
  await page
    .getByRole('link', { name: new RegExp(`^general, ${escapeRegExp(say('channel'))}`) })
    .click()
  const draftBox = page.getByRole('combobox', { name: trPattern(language, 'Message {where}') })
  await draftBox.fill('Notes for the launch review: timeline, owners, risks')
  await drafts.click()
  await expect(page.locator('.drafts-card')).toContainText('Notes for the launch review')
  await audit.checkThemes(page, at('Drafts view'))
  await page.locator('.drafts-open').click()
  await expect(draftBox).toHaveValue('Notes for the launch review: timeline, owners, risks')
  await draftBox.fill('')
  await drafts.click()
  await expect(page.getByRole('heading', { name: say('No drafts') })).toBeVisible()

  // Ben's #roadmap, which Ana is not in: its preview, from Browse channels.
  await button('Browse channels')()
  await page
    .getByRole('dialog', { name: say('Browse channels') })
    .getByRole('button', { name: say('View #{name}', { name: 'roadmap' }) })
    .click()
  const preview = page.getByRole('region', { name: say('Preview of {name}', { name: '#roadmap' }) })
  await expect(preview.getByText('The Q1 roadmap is up for comments')).toBeVisible()
  await audit.checkThemes(page, at('channel preview'))

  // A direct message with Ben: his presence, status and local time under his name.
  await button('New direct message')()
  const newDm = page.getByRole('dialog', { name: say('New direct message') })
  await newDm.getByRole('checkbox', { name: /^Ben/ }).check()
  await newDm.getByRole('button', { name: say('Open conversation') }).click()
  await expect(page.locator('.channel-header .dm-about')).toBeVisible()
  await audit.checkThemes(page, at('direct message'))

  const general = new RegExp(`^general, ${escapeRegExp(say('channel'))}`)
  await page.getByRole('link', { name: general }).click()
  await expect(messageWith(page, 'plan for the launch')).toBeVisible()

  // "Forward message…": the dialog (a destination found by name, a comment, the preview), then
  // the forward in #random, its quoted card under the comment.
  const launch = messageWith(page, 'plan for the launch').first()
  await launch.hover()
  await launch.getByRole('button', { name: say('More actions') }).click()
  await page
    .getByRole('menu', { name: /plan for the launch/ })
    .getByRole('menuitem', { name: say('Forward message…') })
    .click()
  const forwarding = page.getByRole('dialog', { name: say('Forward message') })
  await forwarding.getByLabel(say('Forward to')).fill('rand')
  await forwarding.getByRole('checkbox', { name: /#random/ }).check()
  await forwarding.getByLabel(say('Add a message (optional)')).fill('For the launch team')
  await expect(forwarding.locator('.forward-card')).toContainText('plan for the launch')
  await audit.checkThemes(page, at('forward dialog'))
  await forwarding.getByRole('button', { name: say('Forward'), exact: true }).click()
  await expect(forwarding).toBeHidden()
  const random = new RegExp(`^random, ${escapeRegExp(say('channel'))}`)
  await page.getByRole('link', { name: random }).click()
  const forwarded = messageWith(page, 'For the launch team').last()
  await expect(forwarded.locator('.forward-card')).toContainText('plan for the launch')
  await audit.checkThemes(page, at('forwarded message'))
  await page.getByRole('link', { name: general }).click()
  await expect(messageWith(page, 'plan for the launch').first()).toBeVisible()
}
