// The README's screenshot (docs/screenshot.png): Alice of the demo seed signed in, #general of
// "Chorus Demo" open, at 1280x760. Run it while `npm start` runs:
//   node --import tsx scripts/screenshot.ts [app URL] [output file]
import { chromium } from 'playwright-core'
import { CHROMIUM } from './ensure-chromium.ts'

const url = process.argv[2] ?? 'http://127.0.0.1:3000'
const out = process.argv[3] ?? 'docs/screenshot.png'
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } })
  await page.goto(url)
  await page.getByLabel('Email').fill('alice@example.com')
  await page.getByLabel('Password', { exact: true }).fill('chorus-demo')
  await page.getByRole('button', { name: /^Sign in$/ }).click()
  const general = page.locator('a[data-channel-id]', { hasText: 'general' })
  await general.click()
  await page.getByRole('heading', { level: 2, name: 'general', exact: true }).waitFor()
  // The avatars, reactions and presence settle.
  await page.waitForTimeout(1500)
  await page.screenshot({ path: out })
  console.log(`wrote ${out}`)
} finally {
  await browser.close()
}
