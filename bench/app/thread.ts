// Opening a thread, in headless Chromium against the real stack: the time from the click on a
// parent's "N replies" to the latest reply shown in the thread panel, for a thread of 1,000
// replies and, as the baseline in the same run, one of 10 (target: under 150 ms for 1,000). The
// first opening also loads the panel's lazy chunk; the later ones are reported apart.
//
//   node --import tsx bench/app/thread.ts [--replies 1000] [--runs 7]
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { startBenchStack } from '../support/stack.ts'
import { seed } from './seed.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const DIST = path.join(ROOT, 'app', 'dist')
const { values } = parseArgs({
  options: {
    replies: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '7' },
  },
})
const REPLIES = Number(values.replies)
const RUNS = Number(values.runs)

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Clicks the parent's summary and waits for the thread's last reply; returns the ms between. */
async function openThread(page: Page, parentBody: string, lastSeq: number): Promise<number> {
  await page.evaluate(
    `(() => {
      window.__shown = 0
      new MutationObserver((_m, observer) => {
        if (document.querySelector('.thread-panel [data-seq="${lastSeq}"]')) {
          window.__shown = performance.now()
          observer.disconnect()
        }
      }).observe(document.body, { childList: true, subtree: true })
    })()`
  )
  const summary = page
    .locator('article.message', { hasText: parentBody })
    .getByRole('button', { name: /replies, open the thread$/ })
  const clickedAt = await summary.evaluate((button: HTMLElement) => {
    const at = performance.now()
    button.click()
    return at
  })
  await page.waitForFunction('window.__shown > 0', undefined, { timeout: 30_000 })
  const shownAt = (await page.evaluate('window.__shown')) as number
  await page.getByRole('button', { name: 'Close thread' }).click()
  await page.locator('.thread-panel').waitFor({ state: 'detached' })
  return shownAt - clickedAt
}

async function main(): Promise<void> {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: path.join(ROOT, 'app'), stdio: 'inherit' }
  )
  const { stack, sql, stop } = await startBenchStack('thread', { appDist: DIST, maxConnections: 1 })
  let browser: Browser | null = null
  try {
    const data = await seed({
      apiUrl: stack.apiUrl,
      anonKey: stack.keys.anonKey,
      serviceRoleKey: stack.keys.serviceRoleKey,
      dbUrl: stack.dbUrl,
      messages: 50,
    })
    // Two parents at the end of the small channel, their replies through the triggers (numbered
    // per thread as the app's sends are).
    const [author] = await sql<{ author_id: string }[]>`
      select author_id from public.messages where channel_id = ${data.smallChannelId} limit 1`
    const began = performance.now()
    for (const [body, count] of [
      ['Big thread', REPLIES],
      ['Small thread', 10],
    ] as const) {
      const [parent] = await sql<{ id: string }[]>`
        insert into public.messages (channel_id, author_id, body)
        values (${data.smallChannelId}, ${author!.author_id}, ${body}) returning id`
      await sql`
        insert into public.messages (channel_id, author_id, body, parent_id, created_at)
        select ${data.smallChannelId}, ${author!.author_id},
          'Reply ' || g || ': the **quick** brown fox jumps over the _lazy_ dog', ${parent!.id},
          now() - make_interval(secs => (${count} - g) * 30)
        from generate_series(1, ${count}::int) as g`
    }
    await sql`analyze public.messages`
    console.error(`seeded the threads in ${((performance.now() - began) / 1000).toFixed(1)} s`)

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${stack.appUrl}/sign-in`)
    await page.getByLabel('Email').fill(data.email)
    await page.getByLabel('Password').fill(data.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('[data-seq]')
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
