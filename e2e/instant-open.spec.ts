// Instant open (issue 31): a return visit paints the channel's latest messages as this browser
// kept them, before any answer from the server, and says it is catching up; then the server's
// first page reconciles them: what came meanwhile appears, nothing kept is lost or doubled.
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import { apiUrl } from './support/env.ts'
import { twoInGeneral } from './support/workspace.ts'

// The kept copy is the app's (localStorage); the service worker would fetch for the page, past
// page.route.
test.use({ serviceWorkers: 'block' })

test('a return visit shows the kept messages at once, catching up, then what came meanwhile, each once', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Instant ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, 'kept one')
  await send(ana.page, 'kept two')
  // The channel's latest messages are written to this browser a moment after they change, the
  // confirmed ones under `.messages.` (a draft or a parsed body elsewhere in the cache can hold
  // the words before the message itself is kept).
  await expect
    .poll(() =>
      ana.page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('chorus.cache.v1.') && key.includes('.messages.'))
          .map((key) => localStorage.getItem(key))
          .join('\n')
      )
    )
    .toContain('kept two')
  const channel = ana.page.url()
  await ana.page.close()

  await waitLive(ben.page)
  await send(ben.page, 'sent while Ana was away')

  const page = await ana.context.newPage()
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route(`${apiUrl()}/rest/v1/**`, async (route) => {
    held += 1
    await released
    await route.continue()
  })
  // And /config.json: a return visit starts with the one this browser kept (issue 72).
  let configAsked = 0
  await page.route('**/config.json', async (route) => {
    configAsked += 1
    await released
    await route.continue()
  })
  let loads = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1
  })
  await page.goto(channel)

  await test.step('before any answer: the kept messages, catching up', async () => {
    await expect(messageWith(page, 'kept two')).toBeVisible()
    await expect(messageWith(page, 'kept one')).toBeVisible()
    await expect(page.locator('.status-banner')).toHaveText('Catching up…')
    await expect(page.getByRole('feed', { name: 'Messages' })).toHaveAttribute('aria-busy', 'true')
    await expect(messageWith(page, 'sent while Ana was away')).toHaveCount(0)
    expect(held).toBeGreaterThan(0)
    expect(configAsked).toBe(1)
  })

  await test.step('once the server answers: reconciled and live', async () => {
    release()
    await expect(messageWith(page, 'sent while Ana was away')).toBeVisible()
    await waitLive(page)
    await expect(page.locator('.status-banner')).toHaveCount(0)
    for (const text of ['kept one', 'kept two', 'sent while Ana was away'])
      await expect(messageWith(page, text)).toHaveCount(1)
    const bodies = await page.locator('article.message .message-body').allTextContents()
    expect(bodies.slice(-3)).toEqual(['kept one', 'kept two', 'sent while Ana was away'])
    await expect(composer(page)).toBeEditable()
    // The server's config is the one kept: no reload.
    expect(loads).toBe(1)
  })
})

test('a return visit started with a config the server no longer names reloads with the server’s', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Moved ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, 'before the move')
  const channel = ana.page.url()
  const real = await ana.page.evaluate(() => localStorage.getItem('chorus.config'))
  expect(JSON.parse(real!)).toEqual({ supabaseUrl: apiUrl(), supabaseKey: expect.any(String) })
  // What an older deploy left on this device: another key.
  await ana.page.evaluate(() =>
    localStorage.setItem(
      'chorus.config',
      JSON.stringify({ ...JSON.parse(localStorage.getItem('chorus.config')!), supabaseKey: 'old' })
    )
  )
  await ana.page.close()

  const page = await ana.context.newPage()
  // A document asked for counts: a reload the config's answer asks for can come before the first
  // document's load event (its images and fonts still coming), which then never fires.
  let loads = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1
  })
  await page.goto(channel)
  await expect.poll(() => loads).toBe(2)
  // Asked for, the second document may not be in yet: a read in the leaving one is tried again.
  const kept = () => page.evaluate(() => localStorage.getItem('chorus.config')).catch(() => null)
  await expect.poll(kept).toBe(real)
  await waitLive(page)
  await send(page, 'after the move')
  await expect(messageWith(ben.page, 'after the move')).toBeVisible()
  expect(loads).toBe(2)
})
