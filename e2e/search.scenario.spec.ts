// Search and permalinks: a message a few thousand messages back found by a partial, unaccented
// word, a quoted phrase as whole words, filters as chips, a malformed query explained, the result opened in the live channel at it
// (highlighted, older and newer pages loading, "Jump to latest" back to the newest), the quick switcher, and
// a copied link opened in a fresh browser that must sign in first.
import { expect, test } from './support/test.ts'
import type { Locator } from '@playwright/test'
import { actor, send, signUpByApi, waitLive } from './support/actors.ts'
import { bulkSend } from './support/bulk.ts'
import { inOwnWorkspace } from './support/workspace.ts'

const FILLER = 3000

/** Scrolls the list to one end; the furthest filler shown that way (its number). */
function scrollAndFurthest(feed: Locator, edge: 'top' | 'bottom'): Promise<number> {
  return feed.evaluate((el, edge) => {
    el.scrollTop = edge === 'top' ? 0 : el.scrollHeight
    const numbers = [...el.querySelectorAll('.message-body')]
      .map((b) => Number(/^filler (\d+)$/.exec(b.textContent ?? '')?.[1] ?? NaN))
      .filter((n) => !Number.isNaN(n))
    return edge === 'top' ? Math.min(...numbers) : Math.max(...numbers)
  }, edge)
}

test('search, filter, jump to a result in context, and open its link after signing in', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const ana = await actor(browser, 'Ana')
  const page = ana.page
  await inOwnWorkspace(ana, `Search ${Date.now().toString(36)}`)
  await waitLive(page)
  const channelId = new URL(page.url()).pathname.split('/')[4]!

  await bulkSend(
    page,
    channelId,
    Array.from({ length: FILLER }, (_, i) =>
      i === FILLER / 2 ? 'The Díaz deployment plan is ready' : `filler ${i}`
    )
  )
  await page.reload()
  await waitLive(page)
  await send(page, 'the latest word')

  let permalink = ''
  await test.step('a partial, unaccented word finds the message, matches marked', async () => {
    await expect(page.locator('html[data-search-keys]')).toBeAttached()
    await page.keyboard.press('Control+g')
    const dialog = page.getByRole('dialog', { name: /^Search / })
    const input = dialog.getByRole('combobox', { name: 'Search messages' })
    await input.fill('diaz deplo')
    const result = dialog.getByRole('option').filter({ hasText: 'deployment plan' })
    await expect(result).toHaveCount(1)
    await expect(result.locator('mark')).toHaveText(['Díaz', 'deplo'])

    await input.fill('diaz deplo in:#general')
    await expect(dialog.locator('.chip', { hasText: 'in:#general' })).toBeVisible()
    await expect(result).toHaveCount(1)
    await dialog.getByRole('button', { name: 'Remove in:#general' }).click()
    await expect(input).toHaveValue('diaz deplo')

    await input.fill('diaz before:someday')
    await expect(dialog.getByText('before: needs a date like 2026-03-31.')).toBeVisible()

    await input.fill('diaz deplo -plan')
    await expect(dialog.getByText('No messages match.')).toBeVisible()

    // A quoted phrase is whole words: "filler 17" is that one message, not 170 or 1799;
    // unquoted, a part of a word still finds its words.
    await input.fill('"filler 17"')
    const options = dialog.getByRole('listbox', { name: 'Results' }).getByRole('option')
    await expect(options).toHaveCount(1)
    await expect(options).toContainText(/filler 17(?!\d)/)
    await input.fill('filler 179')
    await expect(options.filter({ hasText: /filler 1799(?!\d)/ })).toHaveCount(1)
    // both words inside others: 179, 1179, 1790 to 1799 and 2179
    await expect(options).toHaveCount(13)

    await input.fill('diaz deplo')
    await expect(result).toHaveCount(1)
    await input.press('ArrowDown')
    await input.press('Enter')
    await input.press('Enter')
    await expect(dialog).toBeHidden()
  })

  await test.step('the result opens in context, highlighted, more loading either way', async () => {
    await expect(page).toHaveURL(/\/m\/[0-9a-f-]{36}$/)
    permalink = page.url()
    const focused = page.locator('article.message-focused')
    await expect(focused).toContainText('The Díaz deployment plan is ready')
    await expect(focused).toHaveAttribute('aria-current', 'true')
    // The live channel itself, at the message: older and newer pages load as it scrolls.
    const feed = page.getByRole('feed', { name: 'Messages' })
    await expect(feed.locator('article', { hasText: `filler ${FILLER / 2 - 1}` })).toHaveCount(1)
    await expect(feed.locator('article', { hasText: `filler ${FILLER / 2 + 1}` })).toHaveCount(1)
    // Scrolled to either end until the fillers shown reach 60 beyond the message (the list
    // shows only the rows on screen, so the furthest one shown is what counts).
    await expect
      .poll(() => scrollAndFurthest(feed, 'top'), { timeout: 30_000 })
      .toBeLessThanOrEqual(FILLER / 2 - 60)
    await expect
      .poll(() => scrollAndFurthest(feed, 'bottom'), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(FILLER / 2 + 60)
    await expect(feed.locator('article', { hasText: 'the latest word' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Jump to latest ↓' }).click()
    await expect(page).not.toHaveURL(/\/m\//)
    await expect(page.locator('article.message', { hasText: 'the latest word' })).toBeVisible()
  })

  await test.step('the quick switcher finds the channel by part of its name', async () => {
    await expect(page.locator('html[data-search-keys]')).toBeAttached()
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Jump to…' })
    await dialog.getByRole('combobox').fill('ENER')
    await expect(dialog.getByRole('option')).toHaveText(['#general'])
    await dialog.getByRole('combobox').press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/c/${channelId}$`))
  })

  await test.step('the link opens in a fresh browser after signing in, in context', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const other = await fresh.newPage()
    await other.goto(permalink)
    await expect(other).toHaveURL(/\/sign-in\?next=/)
    await other.getByLabel('Email').fill(ana.email)
    await other.getByLabel('Password').fill(ana.password)
    await other.getByRole('button', { name: 'Sign in' }).click()
    await expect(other.locator('article.message-focused')).toContainText(
      'The Díaz deployment plan is ready'
    )
    expect(other.url()).toBe(permalink)

    const missing = permalink.replace(/\/m\/[0-9a-f-]{36}$/, `/m/${crypto.randomUUID()}`)
    await other.goto(missing)
    await expect(other.getByRole('heading', { name: 'Message not available' })).toBeVisible()
    await fresh.close()
  })
})

test('a link into a workspace the person is not in reveals nothing', async ({ browser }) => {
  const owner = await actor(browser, 'Owen')
  await inOwnWorkspace(owner, `Private ${Date.now().toString(36)}`)
  await waitLive(owner.page)
  await send(owner.page, 'secret roadmap')
  const base = owner.page.url()
  const link = `${base}/m/${crypto.randomUUID()}`

  const stranger = await actor(browser, 'Sam')
  await signUpByApi(stranger)
  await expect(stranger.page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await stranger.page.goto(link)
  await expect(
    stranger.page.getByRole('heading', { name: 'Workspace not available' })
  ).toBeVisible()
  await expect(stranger.page.getByText('secret roadmap')).toHaveCount(0)
})
