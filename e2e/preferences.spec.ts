// Preferences (issue 67): the theme a person chooses holds across a reload, painted dark from the
// first frame (even when the page reloaded before the account had it), and follows them to
// another browser; Do Not Disturb scheduled in their own time
// zone (not UTC) is decided by that zone, by their browser and by the server alike; Workspace
// settings are offered only to those who may change them.
import { expect, test } from './support/test.ts'
import type { Browser, Page } from '@playwright/test'
import { actor, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { withDatabase } from './support/database.ts'
import { showMembers } from './support/members.ts'
import { inOwnWorkspace, twoInGeneral } from './support/workspace.ts'

async function openPreferences(page: Page) {
  await page.getByRole('button', { name: 'Workspace menu' }).click()
  await page.getByRole('menuitem', { name: 'Preferences' }).click()
  const dialog = page.getByRole('dialog', { name: 'Preferences' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The same person in a browser of their own: only their session, nothing else of the first one. */
async function anotherBrowser(browser: Browser, person: Actor): Promise<Page> {
  const { cookies, origins } = await person.context.storageState()
  const session = origins.map((origin) => ({
    ...origin,
    localStorage: origin.localStorage.filter(({ name }) => /^sb-.+-auth-token$/.test(name)),
  }))
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    storageState: { cookies, origins: session },
  })
  return context.newPage()
}

const DARK_BG = 'rgb(27, 29, 33)'

test('the theme chosen holds across a reload from the first paint, and on another browser', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana', { colorScheme: 'light' })
  const { page } = ana
  // The page reads the account's appearance once it is up: before Ana chooses, so that what the
  // reload below sends is this device's unsaved choice, not a first read that came late.
  const accountRead = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/notification_settings?select=theme'),
    { timeout: 60_000 }
  )
  await inOwnWorkspace(ana, `Theme ${Date.now().toString(36)}`)
  await waitLive(page)
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'light')

  await accountRead
  await test.step('Preferences → Appearance → Dark darkens the page at once', async () => {
    // The page reloads before the account has the choice (its save never answered): the next
    // load must send this device's choice, not take the account's older one over it.
    await page.route('**/rest/v1/rpc/set_appearance', (route) => route.abort())
    const dialog = await openPreferences(page)
    await dialog.getByRole('tab', { name: 'Appearance' }).click()
    const theme = dialog.getByRole('radiogroup', { name: 'Theme' })
    await expect(theme.getByRole('radio', { name: /^System/ })).toBeChecked()
    await theme.getByRole('radio', { name: 'Dark' }).click()
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG)
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('after a reload the page is dark before its body exists: no flash', async () => {
    // What <html> says when the body is first parsed, before anything of the page can paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return
        ;(window as unknown as { __themeAtBody: string }).__themeAtBody =
          document.documentElement.dataset.theme ?? 'none'
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.unroute('**/rest/v1/rpc/set_appearance')
    const resent = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/set_appearance'))
    await page.reload()
    expect(
      await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)
    ).toBe('dark')
    await waitLive(page)
    // the choice the account never got is sent once the page is up
    const sent = await resent
    expect(sent.ok()).toBe(true)
    expect(sent.request().postDataJSON()).toMatchObject({ p_theme: 'dark' })
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG)
  })

  await test.step('the system turning dark or light does not move a chosen theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html).toHaveAttribute('data-theme', 'dark')
  })

  await test.step('another browser of Ana’s, light by its system, takes her choice', async () => {
    const other = await anotherBrowser(browser, ana)
    await other.goto(page.url())
    await waitLive(other)
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark', { timeout: 20_000 })
    await other.context().close()
  })

  await test.step('System follows the system again', async () => {
    const dialog = await openPreferences(page)
    await dialog.getByRole('tab', { name: 'Appearance' }).click()
    await dialog.getByRole('radio', { name: /^System/ }).click()
    await expect(html).toHaveAttribute('data-theme', 'light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html).toHaveAttribute('data-theme', 'dark')
  })
})

/** "10:00 PM" for "22:00", as the app writes a time in English. */
function timeLabel(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number)
  return new Intl.DateTimeFormat('en', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, h, m)))
}

/** "HH:00" of the hour `plus` hours after now's hour in the zone. */
function hourIn(zone: string, plus: number): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date()
    )
  )
  return `${String((hour + plus) % 24).padStart(2, '0')}:00`
}

test('Do Not Disturb in Auckland time is on when it is night there, not by UTC', async ({
  browser,
}) => {
  const ZONE = 'Pacific/Auckland'
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete', { timezoneId: ZONE })
  await twoInGeneral(olga, pete, `Zones ${Date.now().toString(36)}`)
  const p = pete.page
  // From this hour to two hours on, in Auckland: now is inside it there, and never by UTC's
  // clock (Auckland is 12 or 13 hours ahead), which is what a schedule kept in UTC would use.
  const from = hourIn(ZONE, 0)
  const to = hourIn(ZONE, 2)
  expect([from, hourIn(ZONE, 1)]).not.toContain(hourIn('UTC', 0))

  await test.step('Pete sets the schedule; the zone shown is his, by name', async () => {
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const dialog = p.getByRole('dialog', { name: 'Preferences' })
    await expect(dialog.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    await expect(dialog.getByText('Notifications are on.')).toBeVisible()
    const zone = dialog.getByRole('combobox', { name: 'Time zone' })
    await expect(zone).toContainText('New Zealand')
    await expect(zone).toContainText('Auckland')
    await expect(dialog.getByText("This device's time zone.")).toBeVisible()
    await dialog.getByRole('switch', { name: 'Pause notifications every day' }).click()
    // The times are a list every half hour, written as the app writes times ("10:00 PM").
    for (const [name, time] of [
      ['From', from],
      ['To', to],
    ] as const) {
      await dialog.getByRole('combobox', { name }).click()
      await p.getByRole('option', { name: timeLabel(time), exact: true }).click()
      await expect(dialog.getByRole('combobox', { name })).toContainText(timeLabel(time))
    }
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    await expect(dialog.getByText('Do Not Disturb is on now.')).toBeVisible()
  })

  await test.step('the server keeps the zone and decides by it', async () => {
    const [row] = await withDatabase(
      (sql) => sql<{ zone: string; start: string; active: boolean; by_utc: boolean }[]>`
        select s.dnd_time_zone as zone, s.dnd_start::text as start,
          private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, s.dnd_time_zone,
            s.snooze_until, now()) as active,
          private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end, 'UTC',
            s.snooze_until, now()) as by_utc
        from public.notification_settings s
        join public.profiles p on p.id = s.user_id
        where p.display_name = ${pete.name}`
    )
    expect(row).toEqual({ zone: ZONE, start: `${from}:00`, active: true, by_utc: false })
  })

  await test.step('Olga sees him in Do Not Disturb', async () => {
    await showMembers(olga.page)
    const row = olga.page.locator('.members-panel li').filter({ hasText: pete.name })
    await expect(row).toHaveAttribute('data-dnd', 'true')
    await expect(row).toContainText('do not disturb')
  })
})

test('Workspace settings are offered to the owner only; a member’s Preferences have none of them', async ({
  browser,
}) => {
  const owner = await actor(browser, 'Owen')
  const member = await actor(browser, 'Mia')
  await twoInGeneral(owner, member, `Settings ${Date.now().toString(36)}`)

  await member.page.getByRole('button', { name: 'Workspace menu' }).click()
  const menu = member.page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Preferences' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Workspace settings' })).toHaveCount(0)
  await member.page.keyboard.press('Escape')
  const prefs = await openPreferences(member.page)
  await expect(prefs.getByText(/email after|hide message text/i)).toHaveCount(0)

  await owner.page.getByRole('button', { name: 'Workspace menu' }).click()
  await owner.page.getByRole('menuitem', { name: 'Workspace settings' }).click()
  const settings = owner.page.getByRole('dialog', { name: 'Workspace settings' })
  const delay = settings.getByLabel('Email unread mentions and direct messages after')
  const delayForm = settings
    .locator('form')
    .filter({ has: owner.page.getByLabel('Email unread mentions and direct messages after') })
  await delay.fill('2000')
  await expect(settings.getByText('Enter a whole number of minutes from 0 to 1440.')).toBeVisible()
  await expect(delayForm.getByRole('button', { name: 'Save' })).toBeDisabled()
  await delay.fill('15')
  await delayForm.getByRole('button', { name: 'Save' }).click()
  await expect(delayForm.getByRole('button', { name: 'Save' })).toBeDisabled()
  const hide = settings.getByRole('switch', { name: 'Hide message text in notifications' })
  await hide.click()
  await expect(hide).toBeChecked()
  const [row] = await withDatabase(
    (sql) => sql<{ email_delay_minutes: number; notifications_hide_content: boolean }[]>`
      select email_delay_minutes, notifications_hide_content from public.workspaces
      where name like 'Settings %' order by created_at desc limit 1`
  )
  expect(row).toEqual({ email_delay_minutes: 15, notifications_hide_content: true })
})
