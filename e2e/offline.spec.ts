// Chorus opens offline: the service worker serves the app shell on a reload without a network,
// the last-known workspace, channels and messages come from the person's own cache, the outbox
// shows what waits (an access token expired meanwhile included), and back online each waiting
// message is sent once. Signing out leaves
// nothing of the person in localStorage, IndexedDB or Cache Storage, offline too.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  signOut,
  signUpAndConfirm,
  signUpByApi,
  waitLive,
} from './support/actors.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { createWorkspace, inOwnWorkspace } from './support/workspace.ts'

test.use({ serviceWorkers: 'allow' })

/** How many messages the database holds with this body (the service role sees them all). */
async function storedCount(body: string): Promise<number> {
  const key = process.env.CHORUS_SERVICE_ROLE_KEY ?? ''
  const response = await fetch(
    `${apiUrl()}/rest/v1/messages?select=id&body=eq.${encodeURIComponent(body)}`,
    { headers: { apikey: key, authorization: `Bearer ${key}` } }
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as unknown[]).length
}

/** Everything of the page's origin kept in the browser: localStorage, IndexedDB, Cache Storage. */
function keptInBrowser(page: Page) {
  return page.evaluate(async () => {
    const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`)
    const databases = (await indexedDB.databases()).map((d) => d.name ?? '')
    const cached: { url: string; body: string }[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        cached.push({ url: request.url, body: response ? await response.text() : '' })
      }
    }
    return { local, databases, cached }
  })
}

test(
  'a reload offline shows the app shell, the cached messages and the outbox, then syncs each once',
  { tag: '@core' },
  async ({ browser }) => {
    const ivy = await actor(browser, 'Ivy')
    const { page, context } = ivy
    await signUpByApi(ivy)
    const workspace = `Offline ${Date.now().toString(36)}`
    await createWorkspace(ivy, workspace)
    await waitLive(page)
    await send(page, 'written online, first')
    await send(page, 'written online, second')
    await expect(confirmedMessageWith(page, 'written online, second')).toHaveCount(1)
    const userId = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))
      return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id: string } }).user
        ?.id
    })
    expect(userId).toMatch(/^[0-9a-f-]{36}$/)

    await test.step('the service worker controls the page and the cache holds the channel', async () => {
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
        .toMatch(/\/sw\.js$/)
      await expect
        .poll(async () => (await keptInBrowser(page)).local.join('\n'))
        .toContain('written online, second')
    })

    await test.step('reloaded offline: the shell, the workspace, the channels, the cached messages', async () => {
      await context.setOffline(true)
      const response = await page.reload()
      expect(response?.fromServiceWorker()).toBe(true)
      const banner = page.locator('.status-banner[data-status="offline"]')
      await expect(banner).toContainText('You are offline')
      await expect(
        page.getByRole('heading', { level: 2, name: 'general', exact: true })
      ).toBeVisible()
      await expect(page.locator('.sidebar')).toContainText(workspace)
      await expect(messageWith(page, 'written online, first')).toBeVisible()
      await expect(messageWith(page, 'written online, second')).toBeVisible()
      await expect(page.getByText('Older messages could not be loaded')).toHaveCount(0)
    })

    await test.step('typed offline: both wait in the outbox, shown as waiting', async () => {
      await send(page, 'queued offline, one')
      await send(page, 'queued offline, two')
      await expect(messageWith(page, 'queued offline, one')).toHaveClass(/message-pending/)
      await expect(messageWith(page, 'queued offline, two')).toHaveClass(/message-pending/)
      await expect(page.locator('.status-banner[data-status="offline"]')).toContainText(
        '2 messages will be sent when you reconnect'
      )
      expect(await storedCount('queued offline, one')).toBe(0)
    })

    await test.step('reloaded offline with the access token expired: still signed in, at once', async () => {
      // supabase-js would retry the refresh for up to 30 s and then report no session.
      await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? ''
        const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number }
        session.expires_at = Math.floor(Date.now() / 1000) - 60
        localStorage.setItem(key, JSON.stringify(session))
      })
      await page.reload()
      await expect(page.locator('.status-banner[data-status="offline"]')).toContainText(
        '2 messages will be sent when you reconnect',
        { timeout: 5_000 }
      )
      await expect(messageWith(page, 'written online, second')).toBeVisible()
    })

    await test.step('back online: live, and each waiting message sent once', async () => {
      await context.setOffline(false)
      await waitLive(page)
      await expect(confirmedMessageWith(page, 'queued offline, one')).toHaveCount(1)
      await expect(confirmedMessageWith(page, 'queued offline, two')).toHaveCount(1)
      await expect(messageWith(page, 'written online, first')).toHaveCount(1)
      expect(await storedCount('queued offline, one')).toBe(1)
      expect(await storedCount('queued offline, two')).toBe(1)
      // Reloaded online: still each once, and the page is live.
      await page.reload()
      await waitLive(page)
      await expect(confirmedMessageWith(page, 'queued offline, two')).toHaveCount(1)
      await send(page, 'after the return')
      await expect(confirmedMessageWith(page, 'after the return')).toHaveCount(1)
      await expect(composer(page)).toHaveValue('')
    })

    await test.step('signed out: nothing of the person is left in the browser', async () => {
      const before = await keptInBrowser(page)
      expect(before.local.join('\n')).toContain(`chorus.cache.v1.${userId}.`)
      await signOut(page)
      const after = await keptInBrowser(page)
      const everything = [
        ...after.local,
        ...after.databases,
        ...after.cached.map((c) => `${c.url}\n${c.body}`),
      ].join('\n')
      expect(everything).not.toContain(userId)
      expect(everything).not.toContain('written online')
      expect(everything).not.toContain('queued offline')
      expect(after.local.filter((entry) => entry.startsWith('chorus.cache.'))).toEqual([])
      expect(after.databases).toEqual([])
      // The service worker keeps the app's own files only: never an API answer.
      const appOrigin = new URL(page.url()).origin
      expect(after.cached.length).toBeGreaterThan(0)
      for (const { url } of after.cached) expect(new URL(url).origin).toBe(appOrigin)
    })
    await context.close()
  }
)

test('a second person signing in on the same browser never sees the first one’s cache', async ({
  browser,
}) => {
  const jo = await actor(browser, 'Jo')
  const { page, context } = jo
  await signUpByApi(jo)
  const workspace = `Jo only ${Date.now().toString(36)}`
  await createWorkspace(jo, workspace)
  await waitLive(page)
  await send(page, 'only for Jo')
  // Sent, not only written: a message still in Jo's outbox stays for Jo's return (it is hers to
  // send, keyed by her id, never shown to anyone else), and would be in this browser's storage.
  await expect(confirmedMessageWith(page, 'only for Jo')).toHaveCount(1)
  await expect
    .poll(async () => (await keptInBrowser(page)).local.join('\n'))
    .toContain('only for Jo')

  // Jo's session ends without a sign-out (it expired, say): the cache stays for Jo's return.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.endsWith('-auth-token')) localStorage.removeItem(key)
    }
  })
  await page.goto(appUrl('/sign-in'))
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  expect((await keptInBrowser(page)).local.join('\n')).toContain('only for Jo')

  // Someone else signs up and in here: they see none of Jo's, and Jo's cache is gone.
  const other = await actor(browser, 'Kai')
  await other.context.close()
  const kai = { ...other, page, context }
  await signUpAndConfirm(kai)
  await expect(page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await expect(page.getByText(workspace)).toHaveCount(0)
  await expect
    .poll(async () => (await keptInBrowser(page)).local.join('\n'))
    .not.toContain('only for Jo')
  await context.close()
})

test('signing out offline signs this browser out at once, and it stays out back online', async ({
  browser,
}) => {
  // No service worker: the sign-in page's code must be in without it (fetched after the first
  // screen), as it is for someone who signs out before the worker has stored the shell.
  const lea = await actor(browser, 'Lea', { serviceWorkers: 'block' })
  const { page, context } = lea
  await inOwnWorkspace(lea, `Out offline ${Date.now().toString(36)}`)
  await waitLive(page)
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/SignInPage-[^/]+\.js$/.test(e.name))
      )
    )
    .toBe(true)
  await send(page, 'kept for Lea')
  await expect
    .poll(async () => (await keptInBrowser(page)).local.join('\n'))
    .toContain('kept for Lea')

  // The network goes while the profile is open.
  await page.getByRole('button', { name: 'Your profile' }).click()
  const signOut = page.getByRole('dialog').getByRole('button', { name: 'Sign out' })
  await expect(signOut).toBeVisible()
  await context.setOffline(true)
  await signOut.click()
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  const after = (await keptInBrowser(page)).local.join('\n')
  expect(after).not.toContain('-auth-token')
  expect(after).not.toContain('kept for Lea')

  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'general' })).toHaveCount(0)
  await context.close()
})

test('signing out while the server cannot be reached signs this browser out all the same', async ({
  browser,
}) => {
  const max = await actor(browser, 'Max')
  const { page, context } = max
  await inOwnWorkspace(max, `Out unreachable ${Date.now().toString(36)}`)
  await waitLive(page)
  let asked = 0
  await page.route('**/auth/v1/logout*', (route) => {
    asked += 1
    return route.abort('connectionrefused')
  })
  await signOut(page)
  expect(asked).toBe(1)
  expect((await keptInBrowser(page)).local.join('\n')).not.toContain('-auth-token')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  await context.close()
})
