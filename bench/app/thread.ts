// Opening a thread, in headless Chromium against the real stack: the time from the click on a
// parent's "N replies" to the latest reply shown in the thread panel, for a thread of 1,000
// replies and, as the baseline in the same run, one of 10 (target: under 150 ms for 1,000). The
// first opening also loads the panel's lazy chunk; the later ones are reported apart.
//
//   node --import tsx bench/app/thread.ts [--replies 1000] [--runs 7]
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { startBenchStack } from '../support/stack.ts'
import { buildApp, DIST, launchChromium, signIn } from './browser.ts'
import { median } from './measure.ts'
import { seed } from './seed.ts'
import { openThread, seedThreads } from './thread-kit.ts'

const { values } = parseArgs({
  options: {
    replies: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '7' },
  },
})
const REPLIES = Number(values.replies)
const RUNS = Number(values.runs)

async function main(): Promise<void> {
  buildApp()
  const { stack, sql, stop } = await startBenchStack('thread', { appDist: DIST, maxConnections: 1 })
  let browser: Browser | null = null
  try {
    const data = await seed(stack, 50)
    // Two parents at the end of the small channel.
    const began = performance.now()
    await seedThreads(sql, data.smallChannelId, REPLIES)
    console.error(`seeded the threads in ${((performance.now() - began) / 1000).toFixed(1)} s`)

    browser = await launchChromium()
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signIn(page, stack.appUrl, data)
    await page.goto(`${stack.appUrl}/w/${data.workspaceId}/c/${data.smallChannelId}`)
    await page.locator('article.message', { hasText: 'Small thread' }).waitFor()

    const first = await openThread(page, 'Big thread', REPLIES)
    const big: number[] = []
    const small: number[] = []
    for (let i = 0; i < RUNS; i++) {
      big.push(await openThread(page, 'Big thread', REPLIES))
      small.push(await openThread(page, 'Small thread', 10))
    }
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`
    console.log(`\nOpening a thread: click to the latest reply shown (${RUNS} runs, median)\n`)
    console.log(`first opening (loads the panel's chunk), ${REPLIES} replies: ${fmt(first)}`)
    console.log(
      `${REPLIES} replies: ${fmt(median(big))}   (runs: ${big.map((x) => x.toFixed(0)).join(', ')})`
    )
    console.log(
      `10 replies (baseline): ${fmt(median(small))}   (runs: ${small.map((x) => x.toFixed(0)).join(', ')})`
    )
    console.log(
      `ratio ${REPLIES} / 10: ${(median(big) / median(small)).toFixed(2)}; target under 150 ms: ${median(big) < 150 ? 'met' : 'not met'}`
    )
  } finally {
    await browser?.close()
    await stop()
  }
}

await main()
