// A person on a phone, and a finger held down: the at-phone-width scenarios' helpers.
import { expect } from '@playwright/test'
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test'
import { actor } from './actors.ts'
import type { Actor } from './actors.ts'

/** A person on a phone: 390 px wide, touch, mobile; `options` as actor()'s (a `locale`). */
export async function phoneActor(
  browser: Browser,
  name: string,
  options: BrowserContextOptions = {}
): Promise<Actor> {
  const desktop = await actor(browser, name)
  await desktop.context.close()
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    ...options,
  })
  return { ...desktop, context, page: await context.newPage() }
}

/** Holds a finger on the element until what the long press opens is on screen, then lifts it. */
export async function longPress(page: Page, target: Locator, opens: Locator): Promise<void> {
  const box = await target.boundingBox()
  if (!box) throw new Error('long press: element not on screen')
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await expect(opens).toBeVisible()
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}
