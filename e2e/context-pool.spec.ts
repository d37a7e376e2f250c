// The worker's kept browser contexts (support/context-pool.ts): one a test gives back comes back
// to the next newContext with the same options as a new one would be, with nothing its pages
// stored at any origin they opened, and one changed in a way emptying cannot undo is not kept.
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { appUrl } from './support/env.ts'

/** Options no other spec opens a context with, so that no earlier test's kept one fits. */
const OWN = { locale: 'fr-CA', viewport: { width: 700, height: 500 } }

/** A document of the app's origin that does not run the app (which keeps things of its own). */
const PLAIN = '/manifest.webmanifest'

/** What the page's origin keeps, in every store a page can write. */
async function kept(page: Page) {
  return page.evaluate(async () => ({
    local: localStorage.getItem('kept'),
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    online: navigator.onLine,
  }))
}

test('a context given back is kept and comes back empty; one changed for good is not kept', async ({
  browser,
}) => {
  const first = await browser.newContext(OWN)
  const page = await first.newPage()
  await page.goto(appUrl(PLAIN))
  await page.evaluate(async () => {
    localStorage.setItem('kept', 'yes')
    document.cookie = 'kept=yes; max-age=3600; path=/'
    await new Promise((resolve, reject) => {
      const request = indexedDB.open('kept', 1)
      request.onupgradeneeded = () => request.result.createObjectStore('things')
      request.onsuccess = () => {
        request.result.close()
        resolve(null)
      }
      request.onerror = () => reject(request.error)
    })
    await (await caches.open('kept')).put('/kept', new Response('yes'))
  })
  await first.setOffline(true)
  expect(await kept(page)).toEqual({
    local: 'yes',
    cookie: 'kept=yes',
    databases: ['kept'],
    caches: ['kept'],
    online: false,
  })
  await first.close()

  const second = await browser.newContext(OWN)
  expect(second, 'the same context, kept').toBe(first)
  expect(second.pages()).toEqual([])
  const again = await second.newPage()
  await again.goto(appUrl(PLAIN))
  expect(await kept(again)).toEqual({
    local: null,
    cookie: '',
    databases: [],
    caches: [],
    online: true,
  })
  expect(again.viewportSize()).toEqual(OWN.viewport)

  // Other options, another context.
  const other = await browser.newContext({ ...OWN, locale: 'fr-BE' })
  expect(other).not.toBe(second)
  await other.close()

  // An init script outlives the pages: such a context is closed, not kept.
  await second.addInitScript('window.changed = true')
  await second.close()
  const third = await browser.newContext(OWN)
  expect(third).not.toBe(second)
  const fresh = await third.newPage()
  await fresh.goto(appUrl(PLAIN))
  expect(await fresh.evaluate(() => 'changed' in window)).toBe(false)
})
