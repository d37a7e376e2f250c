// The Chromium the suite runs is started with a --disable-features of ours (CHROMIUM_ARGS in
// playwright.config.ts), which replaces the one Playwright adds: it repeats Playwright's list
// (read here from playwright-core's own source, so a Playwright update that changes it fails
// this test), and the address bar's web pages are off (no target renders them).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, test } from './support/test.ts'
import { PLAYWRIGHT_DISABLED_FEATURES } from './playwright.config.ts'

async function playwrightDisabledFeatures(): Promise<string[]> {
  const require = createRequire(import.meta.url)
  const root = path.dirname(require.resolve('playwright-core/package.json'))
  const source = await readFile(path.join(root, 'lib/coreBundle.js'), 'utf8')
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(source)?.[1]
  expect(list, 'the list in playwright-core/lib/coreBundle.js').toBeDefined()
  return [...list!.matchAll(/^\s*"([^"]+)"/gm)].map((m) => m[1]!)
}

test('Chromium runs with Playwright’s disabled features and without the address bar’s pages', async ({
  browser,
  page,
}) => {
  expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(await playwrightDisabledFeatures())

  await page.goto('data:text/html,<title>t</title>')
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = await cdp.send('Target.getTargets')
  expect(targetInfos.map((t) => t.url)).toContain('data:text/html,<title>t</title>')
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([])
})
