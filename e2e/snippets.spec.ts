// Issue 68: a paste past a message's limit becomes a text file, and a text file in a message is a
// snippet: Ana pastes 100,000 characters of code into the composer and sends; Bob sees the
// message with the file as a collapsed snippet (its first five lines, coloured as code), expands
// it to read all of it in a box that scrolls, collapses it, and downloads the file: its bytes are
// exactly what Ana pasted.
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

/** 100,000 characters of TypeScript, as a long module pasted whole. */
function code(): string {
  const block = (i: number) =>
    [
      `// Step ${i}: the running total of the order's lines, with tax.`,
      `export function total${i}(lines: Line[], rate = 0.2): number {`,
      `  let sum = 0`,
      `  for (const line of lines) sum += line.price * line.quantity`,
      `  return Math.round(sum * (1 + rate) * 100) / 100`,
      `}`,
      ``,
    ].join('\n')
  let out = ''
  for (let i = 0; out.length < 100_000; i++) out += block(i) + '\n'
  return out.slice(0, 100_000)
}

test('a long paste of code is a snippet the other person reads, expands and downloads', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(ana, bob, `Snippets ${Date.now().toString(36)}`)
  const pasted = code()
  expect(pasted.length).toBe(100_000)

  await test.step('Ana pastes 100,000 characters: attached as a text file, sent', async () => {
    await composer(ana.page).evaluate((box, text) => {
      const data = new DataTransfer()
      data.setData('text/plain', text)
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
      )
    }, pasted)
    await expect(
      ana.page.getByRole('progressbar', { name: 'Upload of Pasted text.txt' })
    ).toHaveAttribute('class', 'progress-done')
    await expect(composer(ana.page)).toHaveValue('')
    await send(ana.page, 'the totals module, in full')
  })

  const snippet = messageWith(bob.page, 'the totals module, in full').getByRole('figure', {
    name: 'Snippet Pasted text.txt',
  })
  const text = snippet.locator('pre')
  const firstFive = pasted.split('\n').slice(0, 5).join('\n')

  await test.step('Bob sees it collapsed: five lines, coloured as code', async () => {
    await expect(snippet.locator('.file-name')).toHaveText('Pasted text.txt')
    await expect(snippet).toContainText('100 kB')
    await expect(text).toHaveText(firstFive, { useInnerText: true })
    await expect(text.locator('.hljs-keyword').first()).toHaveText('export')
    await expect(snippet).toContainText('TypeScript')
    // the code is text: nothing of it became an element but the tokens' spans
    expect(await text.locator(':not(code, span)').count()).toBe(0)
  })

  await test.step('expanded, all of it in a box that scrolls; then collapsed again', async () => {
    await snippet.getByRole('button', { name: 'Show more' }).click()
    await expect(snippet.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true'
    )
    expect(await text.evaluate((el) => el.textContent)).toBe(pasted)
    const box = await text.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }))
    expect(box.client).toBeLessThanOrEqual(480)
    expect(box.scroll).toBeGreaterThan(box.client * 10)
    await text.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect(text).toBeInViewport()
    await snippet.getByRole('button', { name: 'Show less' }).click()
    await expect(text).toHaveText(firstFive, { useInnerText: true })
  })

  await test.step('downloaded, its bytes are exactly what Ana pasted', async () => {
    const link = snippet.getByRole('link', { name: 'Download Pasted text.txt' })
    await expect(link).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/attachments\//)
    const [download] = await Promise.all([bob.page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('Pasted text.txt')
    const bytes = await readFile((await download.path())!)
    expect(bytes.equals(Buffer.from(pasted, 'utf8'))).toBe(true)
  })
})
