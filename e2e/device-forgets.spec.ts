// A device forgets what its person may no longer read (issue 69, item 2; docs/offline.md, "What a
// device forgets"). After each event, everything the page's origin keeps in the browser
// (localStorage, sessionStorage where the tab lives on, every IndexedDB database's records, Cache
// Storage's responses) is read and searched for a message text made for this run:
// - "Sign out all other sessions" on another device: the signed-out browser's next refresh is
//   refused, which deletes its person's cache, kept screen, parsed trees, unsent messages and
//   drafts, whether the page was open then or opened later; and the kept screen is not painted.
// - An admin removes a member from a private channel: the channel's messages, trees, kept
//   screen, outbox and draft leave the member's device as the app learns it.
// - "This is a shared computer" at sign-in: nothing is kept outside the tab, and a tab closed
//   keeps nothing at all.
// Before each event the same read finds the text, so each search could fail.
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
import type { Actor } from './support/actors.ts'
import { createConfirmedUser } from './support/accounts-api.ts'
import {
  allKept,
  keptInBrowser,
  keptScreenShown,
  removeFromChannel,
  WATCH_KEPT_SCREEN,
} from './support/device-storage.ts'
import { appUrl } from './support/env.ts'
import { expireAccessToken, openSecurity } from './support/security.ts'
import {
  createInviteLink,
  createWorkspace,
  joinByInvite,
  inOwnWorkspace,
} from './support/workspace.ts'

test.use({ serviceWorkers: 'allow' })

/** The page's current channel kept, as on leaving it (the app keeps the screen and writes its
 * cache when the page is hidden or left): `/config.json`, a plain page of the same origin, is
 * where the storage is read. */
async function leaveToConfig(page: Page): Promise<void> {
  await page.goto(appUrl('/config.json'))
}

/** Sends are held (the request never reaches the server): `text` stays in the outbox. */
async function sendUnsent(page: Page, text: string): Promise<void> {
  await page.route('**/rest/v1/rpc/send_message', (route) => route.abort('connectionrefused'))
  await send(page, text)
  await expect(messageWith(page, text)).toHaveClass(/message-pending/)
  await expect.poll(async () => (await keptInBrowser(page)).local).toContain(text)
}

/** Ana's account signed in on another device of hers (`page`, in a context of its own). */
async function anaOnAnotherDevice(ana: Actor, page: Page): Promise<Page> {
  await page.goto(appUrl('/sign-in'))
  await page.getByLabel('Email').fill(ana.email)
  await page.getByLabel('Password').fill(ana.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  return page
}

test('after "sign out all other sessions" elsewhere, a signed-out browser keeps nothing of the person', async ({
  browser,
}) => {
  // Three browsers of one person, each signed in through the form.
  test.slow()
  const ana = await actor(browser, 'Ana')
  const tag = Date.now().toString(36)
  const secret = `only Ana may read this ${tag}`
  const unsent = `not sent yet ${tag}`
  const draft = `a draft of Ana ${tag}`
  await inOwnWorkspace(ana, `Forgets ${tag}`)
  await waitLive(ana.page)
  await send(ana.page, `a **plan** ${secret}`)
  await expect(confirmedMessageWith(ana.page, secret)).toBeVisible()
  const channelPath = new URL(ana.page.url()).pathname

  // A second browser of Ana's (the laptop left at home), which will be opened after the event.
  const laptop = await actor(browser, 'Laptop')
  const laptopPage = await anaOnAnotherDevice(ana, laptop.page)
  await laptopPage.goto(appUrl(channelPath))
  await expect(confirmedMessageWith(laptopPage, secret)).toBeVisible()
  await leaveToConfig(laptopPage)
  await expect.poll(() => allKept(laptopPage)).toContain(secret)

  await test.step('before: the open browser keeps the channel, an unsent message and a draft', async () => {
    await sendUnsent(ana.page, unsent)
    await composer(ana.page).fill(draft)
    await expect.poll(async () => (await keptInBrowser(ana.page)).local).toContain(draft)
    await expect.poll(() => allKept(ana.page)).toContain(secret)
  })

  const phone = await actor(browser, 'Phone')
  const phonePage = await anaOnAnotherDevice(ana, phone.page)
  const security = await openSecurity(phonePage)
  await security.getByRole('button', { name: 'Sign out all other sessions' }).click()
  await expect(security.getByText('Every other session is signed out.')).toBeVisible()

  await test.step('the open browser: its next refresh is refused, and it forgets', async () => {
    // Its access token has a minute left (within supabase-js's margin), and the tab is shown
    // again: supabase-js refreshes it, the server refuses.
    await ana.page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!/^sb-.+-auth-token$/.test(key)) continue
        const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number }
        session.expires_at = Math.floor(Date.now() / 1000) + 60
        localStorage.setItem(key, JSON.stringify(session))
      }
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect(ana.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    await expect(ana.page.getByText('Your session ended. Sign in again.')).toBeVisible()
    const kept = await allKept(ana.page)
    expect(kept).not.toContain(secret)
    expect(kept).not.toContain(unsent)
    expect(kept).not.toContain(draft)
    expect(kept).not.toMatch(/-auth-token=/)
    // Opened again at the channel: no kept screen, the sign-in page.
    await ana.page.addInitScript(WATCH_KEPT_SCREEN)
    await ana.page.goto(appUrl(channelPath))
    await expect(ana.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    expect(await keptScreenShown(ana.page)).toBe(false)
    expect(await allKept(ana.page)).not.toContain(secret)
  })

  await test.step('the laptop, opened later: no kept screen, and the refused refresh forgets', async () => {
    // An hour later: its access token has expired (the kept screen is not painted for it), and
    // supabase-js refreshes it as the page opens.
    await expireAccessToken(laptopPage)
    await laptopPage.addInitScript(WATCH_KEPT_SCREEN)
    await laptopPage.goto(appUrl(channelPath))
    await expect(laptopPage.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    expect(await keptScreenShown(laptopPage)).toBe(false)
    const kept = await allKept(laptopPage)
    expect(kept).not.toContain(secret)
    expect(kept).not.toMatch(/-auth-token=/)
  })
})

test('a member removed from a private channel keeps none of its messages on the device', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  const tag = Date.now().toString(36)
  const workspace = `Removal ${tag}`
  const secret = `for members of secret-plans ${tag}`
  const draft = `Pete's draft in secret-plans ${tag}`
  const o = olga.page
  const p = pete.page
  await inOwnWorkspace(olga, workspace)
  await joinByInvite(pete, await createInviteLink(o), workspace)
  await waitLive(o)

  await o.getByRole('button', { name: 'Create a channel' }).click()
  const dialog = o.getByRole('dialog', { name: 'Create a channel' })
  await dialog.getByLabel('Name').fill('Secret Plans')
  await dialog.getByLabel('Private: only people added can see it').check()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(
    o.getByRole('heading', { level: 2, name: 'secret-plans', exact: true })
  ).toBeVisible()
  await waitLive(o)
  await send(o, `the **plan**: ${secret}`)
  await o.getByRole('button', { name: 'Add people to the channel' }).click()
  const add = o.getByRole('dialog', { name: /Add people/ })
  await add.getByLabel(pete.name).check()
  await add.getByRole('button', { name: 'Add' }).click()
  const channelId = new URL(o.url()).pathname.split('/c/')[1]!.split('/')[0]!

  await test.step('before: Pete reads it, and his device keeps it', async () => {
    const link = p.locator('a[data-channel-id]', { hasText: 'secret-plans' })
    await link.click()
    await expect(messageWith(p, secret)).toBeVisible()
    await waitLive(p)
    await composer(p).fill(draft)
    await expect.poll(async () => (await keptInBrowser(p)).local).toContain(secret)
    await expect.poll(async () => (await keptInBrowser(p)).local).toContain(draft)
  })

  await test.step('Olga removes him: the channel leaves his screen and his device', async () => {
    expect(await removeFromChannel(o, p, channelId)).toBeLessThan(300)
    await expect(p.locator('a[data-channel-id]', { hasText: 'secret-plans' })).toHaveCount(0)
    await expect.poll(() => allKept(p)).not.toContain(secret)
    expect(await allKept(p)).not.toContain(draft)
  })

  await test.step('and it stays gone: opened again, and left', async () => {
    await p.goto(appUrl('/'))
    await waitLive(p)
    await leaveToConfig(p)
    expect(await allKept(p)).not.toContain(secret)
  })
})

test('"This is a shared computer": nothing is kept outside the tab, and nothing once it is closed', async ({
  browser,
}) => {
  const cara = await actor(browser, 'Cara')
  const tag = Date.now().toString(36)
  const secret = `Cara on a shared computer ${tag}`
  const draft = `Cara's draft ${tag}`
  await createConfirmedUser(cara)
  const { page, context } = cara
  await page.goto(appUrl('/sign-in'))
  await page.getByLabel('Email').fill(cara.email)
  await page.getByLabel('Password').fill(cara.password)
  await page.getByLabel('This is a shared computer').check()
  await expect(page.getByLabel('This is a shared computer')).toHaveAccessibleDescription(
    'Chorus keeps nothing on this device, and closing this tab signs you out.'
  )
  await page.getByRole('button', { name: 'Sign in' }).click()
  await createWorkspace(cara, `Shared ${tag}`)
  await waitLive(page)
  await send(page, `a **plan**: ${secret}`)
  await expect(confirmedMessageWith(page, secret)).toBeVisible()
  await composer(page).fill(draft)

  await test.step('signed in: the session and the draft live in this tab only', async () => {
    await expect.poll(async () => (await keptInBrowser(page)).session).toContain(draft)
    const kept = await keptInBrowser(page)
    expect(kept.session).toMatch(/-auth-token=/)
    expect(kept.local).not.toMatch(/-auth-token=/)
    expect(kept.local).not.toContain(draft)
    // Left (the moment the screen and the cache would be written) and read on the same tab.
    await leaveToConfig(page)
    const left = await keptInBrowser(page)
    expect(left.local + left.rest).not.toContain(secret)
    expect(left.local + left.rest).not.toContain(draft)
    expect(left.session).not.toContain(secret)
  })

  await test.step('a reload keeps her signed in, in this tab', async () => {
    await page.goto(appUrl('/'))
    await expect(messageWith(page, secret)).toBeVisible()
  })

  await test.step('the tab closed: a new one is signed out, and nothing is kept', async () => {
    await page.close()
    const next = await context.newPage()
    await next.addInitScript(WATCH_KEPT_SCREEN)
    await next.goto(appUrl('/'))
    await expect(next.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    expect(await keptScreenShown(next)).toBe(false)
    const kept = await allKept(next)
    expect(kept).not.toContain(secret)
    expect(kept).not.toContain(draft)
    expect(kept).not.toMatch(/-auth-token=/)
  })
})
