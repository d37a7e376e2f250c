// Parts of Chorus whose code loads on first use (a thread, a dialog, the notifier: lib/lazy.ts)
// when the network is not there. The service worker is blocked, as on a first visit before it
// has kept the files, so each chunk really comes from the network. A chunk asked for offline is
// fetched when the browser is back online; one that cannot be fetched at all says so in its
// place. Either way the rest of the page keeps working: before, a failed chunk unmounted the
// whole app and left a blank page.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  signUpByApi,
  waitLive,
} from './support/actors.ts'
import { createWorkspace } from './support/workspace.ts'

test.use({ serviceWorkers: 'block' })

const THREAD_CODE = /\/assets\/ThreadPanel-[^/]+\.js$/
/** The offline banner's chunk, fetched a moment after the first screen (status-banner-slot.tsx). */
const BANNER_CODE = /\/assets\/StatusBanner-[^/]+\.js$/

/** Fails the test on any uncaught error in the page. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function openThread(page: Page, text: string): Promise<void> {
  await messageWith(page, text).hover()
  await messageWith(page, text).getByRole('button', { name: 'Reply in thread' }).click()
}

test('a thread opened offline loads when the network is back, and the page stays', async ({
  browser,
}) => {
  const ivy = await actor(browser, 'Ivy')
  const { page, context } = ivy
  const errors = collectPageErrors(page)
  let bannerCodeIn = false
  page.on('requestfinished', (request) => {
    if (BANNER_CODE.test(request.url())) bannerCodeIn = true
  })
  await signUpByApi(ivy)
  await createWorkspace(ivy, `Lazy ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'a message to reply to')
  // Sent before the network goes (a message still pending has no thread to open).
  await expect(confirmedMessageWith(page, 'a message to reply to')).toBeVisible()

  // The message toolbar's own chunk loads once the first screen is shown: in before the network
  // goes, as it is a moment after any page opens.
  await messageWith(page, 'a message to reply to').hover()
  await expect(
    messageWith(page, 'a message to reply to').getByRole('button', { name: 'Reply in thread' })
  ).toBeVisible()

  const asked: string[] = []
  page.on('request', (request) => {
    if (THREAD_CODE.test(request.url())) asked.push(request.url())
  })
  // The offline banner's code is in before the network goes, as it is a moment after any page
  // opens: the banner then shows at once, and it moves the messages down, so the pointer goes to
  // the message after it has (the toolbar hides when the pointer ends up off the message).
  await expect.poll(() => bannerCodeIn).toBe(true)
  await context.setOffline(true)
  await expect(page.locator('.status-banner[data-status="offline"]')).toBeVisible()
  await openThread(page, 'a message to reply to')
  // Asked for, and failed (offline): the channel is still there, and nothing claims to be loaded.
  await expect.poll(() => asked.length).toBeGreaterThan(0)
  await expect(page.getByRole('complementary', { name: 'Thread' })).toHaveCount(0)
  await expect(messageWith(page, 'a message to reply to')).toBeVisible()
  await expect(composer(page)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0)

  await context.setOffline(false)
  const thread = page.getByRole('complementary', { name: 'Thread' })
  await expect(thread).toBeVisible()
  await expect(thread.getByText('a message to reply to')).toBeVisible()
  expect(errors).toEqual([])
})

test('a part whose code cannot be fetched says so in its place, and the rest keeps working', async ({
  browser,
}) => {
  const ivy = await actor(browser, 'Ivy')
  const { page } = ivy
  const errors = collectPageErrors(page)
  await signUpByApi(ivy)
  await createWorkspace(ivy, `Lazy ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'a thread that will not open')

  // Online, but the file is gone (a new version deployed and the old files removed).
  let refused = 0
  await page.route(THREAD_CODE, (route) => {
    refused += 1
    return route.fulfill({ status: 404, body: 'not found' })
  })
  await openThread(page, 'a thread that will not open')
  const notice = page.getByRole('alert').filter({ hasText: 'This could not be loaded' })
  await expect(notice).toBeVisible()
  expect(refused).toBeGreaterThanOrEqual(1)
  await expect(notice.getByRole('button', { name: 'reload the page' })).toBeVisible()

  // The channel still works: a message goes out and shows.
  await send(page, 'still chatting')
  await expect(messageWith(page, 'still chatting')).toBeVisible()
  expect(errors).toEqual([])
})
