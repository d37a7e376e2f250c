// Emoji every device shows (issue 53, item 5): a message's emoji and a reaction are images of the
// set Chorus ships (Twemoji's SVGs, served by the app beside its assets), each loaded lazily and
// named by the emoji itself (its alt text), so a browser without a colour emoji font shows them.
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'
import { actor, composer, confirmedMessageWith, waitLive } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { inOwnWorkspace } from './support/workspace.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The image is the shipped file of `file`, loaded and drawn by the browser, and the server
 * answers its address with the SVG (200, cached like the hashed assets). */
async function expectShipped(page: Page, image: Locator, alt: string, file: string) {
  await expect(image).toHaveAttribute('alt', alt)
  await expect(image).toHaveAttribute('loading', 'lazy')
  await expect(image).toHaveAttribute('src', `/assets/twemoji-15.0.0/${file}`)
  await expect
    .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true)
  const response = await page.request.get(appUrl(`/assets/twemoji-15.0.0/${file}`))
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/)
  expect(response.headers()['cache-control']).toBe(IMMUTABLE)
  expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
}

test('message emoji and reactions are the shipped images, named by the emoji', async ({
  browser,
}) => {
  const ida = await actor(browser, 'Ida')
  const page = ida.page
  const loaded: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/assets/twemoji-'))
      loaded.push(`${r.status()} ${new URL(r.url()).pathname}`)
  })
  await inOwnWorkspace(ida, `Emoji ${Date.now().toString(36)}`)
  await waitLive(page)

  await test.step("a message's emoji, a skin tone and a joined sequence included", async () => {
    await composer(page).fill('ship it 🚀 👍🏽 👩‍💻')
    await composer(page).press('Enter')
    const message = confirmedMessageWith(page, 'ship it')
    const body = message.locator('.message-body')
    await expect(body.getByRole('img', { name: '🚀' })).toBeVisible()
    await expectShipped(page, body.getByRole('img', { name: '🚀' }), '🚀', '1f680.svg')
    await expectShipped(page, body.getByRole('img', { name: '👍🏽' }), '👍🏽', '1f44d-1f3fd.svg')
    await expectShipped(page, body.getByRole('img', { name: '👩‍💻' }), '👩‍💻', '1f469-200d-1f4bb.svg')
  })

  await test.step('a reaction', async () => {
    const message = confirmedMessageWith(page, 'ship it')
    await message.hover()
    await message.getByRole('button', { name: 'Add reaction' }).click()
    // the quick reactions are images too, their names the emoji
    await page.getByRole('menuitem', { name: '🎉' }).click()
    const reaction = message.getByRole('button', { name: /^🎉 by you/ })
    await expect(reaction).toBeVisible()
    await expectShipped(page, reaction.locator('img'), '🎉', '1f389.svg')
  })

  // the browser fetched them from the app (the service worker's copies aside), each answered 200
  expect(loaded.filter((l) => l.endsWith('/1f389.svg'))).not.toEqual([])
  expect(loaded.filter((l) => !l.startsWith('200 '))).toEqual([])
})
