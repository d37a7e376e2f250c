// Issue 71, item 6: Ana sends a GitHub-style table and a fenced ```ts block; Bob sees a real table
// (its header cells column headers, aligned as the delimiter row says) and the code coloured by
// the highlighter (loaded once a code block is on screen); on a 390 px phone the wide table
// scrolls sideways inside the message, never the page.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, composer, messageWith } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

const TABLE = [
  'Release plan:',
  '| Step | Owner | Due | Notes |',
  '|:--|:-:|--:|---|',
  '| Draft the **announcement** | Ana | 2026-12-01 | `v2` copy, reviewed by legal and marketing |',
  '| Ship the release \\| tag | Bob | 2026-12-03 | after the freeze, with the changelog and docs |',
].join('\n')

const CODE =
  '```ts\nexport function total(lines: number[]): number {\n  return lines.length\n}\n```'

/** Sends a body the screen shows formatted (send() looks for its text as typed). */
async function sendRaw(page: Page, text: string): Promise<void> {
  const box = composer(page)
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
}

test('a table is a table and code is coloured, and a wide table scrolls inside the message on a phone', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(ana, bob, `Tables ${Date.now().toString(36)}`)

  await sendRaw(ana.page, TABLE)
  await sendRaw(ana.page, CODE)

  const table = messageWith(bob.page, 'Release plan:').getByRole('table')
  await test.step('Bob sees the table with its header cells and rows', async () => {
    await expect(table.getByRole('columnheader')).toHaveText(['Step', 'Owner', 'Due', 'Notes'])
    await expect(table.getByRole('row')).toHaveCount(3)
    await expect(table.locator('th').nth(1)).toHaveCSS('text-align', 'center')
    await expect(table.locator('td').nth(2)).toHaveCSS('text-align', 'end')
    await expect(table.locator('td strong')).toHaveText('announcement')
    await expect(table.locator('td').nth(4)).toHaveText('Ship the release | tag')
    // the region that scrolls is reachable by keyboard, named
    await expect(
      messageWith(bob.page, 'Release plan:').getByRole('group', { name: 'Table' })
    ).toHaveAttribute('tabindex', '0')
  })

  await test.step('Bob sees the code coloured, its text as typed', async () => {
    const code = messageWith(bob.page, 'export function total').getByRole('group', {
      name: 'Code block',
    })
    await expect(code.locator('.hljs-keyword').first()).toHaveText('export')
    await expect(code).toHaveText(
      'export function total(lines: number[]): number {\n  return lines.length\n}',
      { useInnerText: true }
    )
    // coloured: the keyword is not the text's colour
    const colours = await code.evaluate((el) => ({
      text: getComputedStyle(el).color,
      keyword: getComputedStyle(el.querySelector('.hljs-keyword')!).color,
    }))
    expect(colours.keyword).not.toBe(colours.text)
  })

  await test.step('on a 390 px phone the table scrolls inside the message, not the page', async () => {
    await bob.page.setViewportSize({ width: 390, height: 844 })
    const region = messageWith(bob.page, 'Release plan:').getByRole('group', { name: 'Table' })
    await expect(region).toBeVisible()
    const sizes = await region.evaluate((el) => ({
      client: el.clientWidth,
      scroll: el.scrollWidth,
      page: document.scrollingElement!.scrollWidth,
      view: window.innerWidth,
    }))
    expect(sizes.scroll).toBeGreaterThan(sizes.client)
    expect(sizes.client).toBeLessThanOrEqual(390)
    expect(sizes.page).toBeLessThanOrEqual(sizes.view)
    await region.evaluate((el) => el.scrollBy({ left: 10_000 }))
    await expect(region.locator('th').last()).toBeInViewport()
  })
})
