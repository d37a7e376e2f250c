// The README's screenshot (docs/screenshot.png): Alice of the demo seed signed in, #general of
// "Chorus Demo" open, at 1280x760, written as a palette PNG (sharp) to keep the repository small.
// Run it while `npm start` runs:
//   node --import tsx scripts/screenshot.ts [app URL] [output file]
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { CHROMIUM } from './ensure-chromium.ts'

const url = process.argv[2] ?? 'http://127.0.0.1:3000'
const out = process.argv[3] ?? 'docs/screenshot.png'
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } })
  page.setDefaultTimeout(120_000)
  await page.goto(url)
  await page.getByLabel('Email').fill('alice@example.com')
  await page.getByLabel('Password', { exact: true }).fill('chorus-demo')
  await page.getByRole('button', { name: /^Sign in$/ }).click()
  const general = page.locator('a[data-channel-id]', { hasText: 'general' })
  await general.click()
  await page.getByRole('heading', { level: 2, name: 'general', exact: true }).waitFor()
  // Live (presence known), every image loaded, and the page idle.
  await page.locator('[data-status="live"]').waitFor({ state: 'attached' })
  // (Expressions as text: this folder is type-checked without the DOM's types.)
  await page.waitForFunction('[...document.images].every((image) => image.complete)')
  await page.evaluate('new Promise((resolve) => requestIdleCallback(resolve))')
  const shot = await page.screenshot()
  await sharp(shot).png({ palette: true, colours: 128, effort: 10 }).toFile(out)
  console.log(`wrote ${out}`)
} finally {
  await browser.close()
}
