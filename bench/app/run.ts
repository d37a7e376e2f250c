// The web app's benchmark, in headless Chromium against the real stack, every figure of issue 31
// against its target in one run:
//   1. first-screen JavaScript: every script a first visit (empty browser cache, signed in)
//      asks for from navigation until the latest messages of a channel are readable, in bytes as
//      received (compressed by the app server; target <= 150 KB), gzip -9 of the files beside;
//   2. a return visit (the browser's cache, service worker and local copy kept): navigation to
//      the latest message of a 100,000-message channel readable on screen (measure.ts: not
//      hidden, on screen, formatted or plain text, as every body on screen then; bodies with and
//      without markdown alternate) (median <= 300 ms, p95 <= 500 ms),
//      a 20-message channel as the baseline; a first visit (signed in, nothing kept: no local
//      copy, no cache) the same way (<= 700 ms);
//   3. switching to a channel already opened once, from a click in the sidebar (<= 100 ms);
//   4. the long tasks (> 50 ms) on the main thread from navigation until 2 s after the text is
//      readable, and while switching (none);
//   5. opening a 1,000-reply thread from its parent (p95 <= 150 ms);
//   6. JS heap and DOM size after scrolling back through 10,000 messages (heap <= 15 MB).
// The machine's load average is printed before and after.
//
//   node --import tsx bench/app/run.ts [--messages 100000] [--runs 7] [--scroll 10000] [--replies 1000]
//   BENCH_TRACE=1 ...   # plus each return visit's request waterfall
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser, BrowserContext } from 'playwright-core'
import { startBenchStack } from '../support/stack.ts'
import { buildApp, CHROMIUM_ARGS, DIST, launchChromium, signIn } from './browser.ts'
import { gzipSize, kb } from './bundle.ts'
import type { Timed } from './measure.ts'
import {
  AFTER_MS,
  median,
  memory,
  openForSwitching,
  percentile,
  timeOpen,
  timeSwitch,
} from './measure.ts'
import { measureFirstScreen } from './first-screen.ts'
import { scrollBack } from './scroll-back.ts'
import { seed } from './seed.ts'
import { openThread, seedThreads } from './thread-kit.ts'

/** Chromium's own traffic off too: QUIC, component updates, sync. */
const RUN_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-quic',
  '--disable-component-update',
  '--disable-sync',
]

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    scroll: { type: 'string', default: '10000' },
    replies: { type: 'string', default: '1000' },
  },
})
const MESSAGES = Number(values.messages)
const RUNS = Number(values.runs)
const SCROLL = Number(values.scroll)
const REPLIES = Number(values.replies)

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

/** A figure against its target: "met" or "MISSED". */
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')

const summary = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`

/** The longest of the runs' long tasks, and how many there were. */
function longTasks(runs: Timed[]): { max: number; count: number; scripts: string } {
  const all = runs.flatMap((r) => r.longTasks)
  // Each with the run it was in (1-based, in the order the runs were timed).
  const scripts = runs
    .flatMap((r, i) => r.longTaskScripts.map((script) => `run ${i + 1}: ${script}`))
    .join('; ')
  return { max: all.length ? Math.max(...all) : 0, count: all.length, scripts }
}

async function main(): Promise<void> {
  buildApp()
  const { stack, sql, stop } = await startBenchStack('app', { appDist: DIST, maxConnections: 1 })
  let browser: Browser | null = null
  try {
    const began = performance.now()
    const data = await seed(stack, MESSAGES)
    // The threads' parents end the small channel: its latest message is the last parent.
    await seedThreads(sql, data.smallChannelId, REPLIES)
    const [small] = await sql<{ last_seq: number }[]>`
      select last_seq from public.channels where id = ${data.smallChannelId}`
    const smallLast = Number(small!.last_seq)
    console.error(
      `seeded ${MESSAGES.toLocaleString('en')} messages and a ${REPLIES}-reply thread in ${((performance.now() - began) / 1000).toFixed(1)} s`
    )
    const loadBefore = load()

    browser = await launchChromium(RUN_ARGS)
    const viewport = { width: 1280, height: 800 }
    // The returning browser: signed in once; its cache, service worker and local copy stay.
    const context = await browser.newContext({ viewport })
    const signInPage = await context.newPage()
    await signIn(signInPage, stack.appUrl, data)
    await signInPage.close()

    const channelUrl = (id: string) => `${stack.appUrl}/w/${data.workspaceId}/c/${id}`
    const big = channelUrl(data.bigChannelId)
    const smallUrl = channelUrl(data.smallChannelId)
    const session = await context.storageState()

    // 1. First-screen JavaScript, as a first visit receives it (first-screen.ts).
    const firstScreen = await measureFirstScreen(browser, {
      viewport,
      session,
      appUrl: stack.appUrl,
      url: big,
      readable: `.message-scroller [data-seq="${data.bigCount}"]`,
      dist: DIST,
    })

    // 2. A first visit: signed in, nothing kept (no local copy, no HTTP cache, no service worker).
    const nothingKept = {
      cookies: session.cookies,
      origins: session.origins.map((o) => ({
        ...o,
        // The local copy, and the config kept for a return visit (lib/runtime-config.ts).
        localStorage: o.localStorage.filter(
          (item) => !item.name.startsWith('chorus.cache.') && item.name !== 'chorus.config'
        ),
      })),
    }
    const firstVisits: Timed[] = []
    for (let i = 0; i < RUNS; i++) {
      const fresh: BrowserContext = await browser.newContext({
        viewport,
        storageState: nothingKept,
      })
      firstVisits.push(await timeOpen(fresh, big, data.bigCount))
      await fresh.close()
    }
    console.error('first visits timed; return visits…')

    // Return visits, the 100,000-message channel and the small one alternately.
    const trace = Boolean(process.env.BENCH_TRACE)
    await timeOpen(context, big, data.bigCount) // warm-up: caches, connection pools, query plans
    await timeOpen(context, smallUrl, smallLast)
    const returns: Timed[] = []
    const smallReturns: Timed[] = []
    for (let i = 0; i < RUNS; i++) {
      returns.push(await timeOpen(context, big, data.bigCount, trace))
      smallReturns.push(await timeOpen(context, smallUrl, smallLast))
    }
    console.error('return visits timed; switching channels…')

    // 3. Switching between the two channels, each opened once before.
    const switcher = await openForSwitching(context, big, data.bigCount)
    await timeSwitch(switcher, data.smallChannelId, smallLast)
    await timeSwitch(switcher, data.bigChannelId, data.bigCount)
    const switches: Timed[] = []
    for (let i = 0; i < RUNS; i++) {
      switches.push(await timeSwitch(switcher, data.smallChannelId, smallLast))
      switches.push(await timeSwitch(switcher, data.bigChannelId, data.bigCount))
    }
    console.error('switches timed; threads…')

    // 5. The 1,000-reply thread, from its parent's summary in the small channel.
    await switcher.evaluate(
      `document.querySelector('a.channel-link[href$="/c/${data.smallChannelId}"]').click()`
    )
    await switcher.locator('article.message', { hasText: 'Big thread' }).waitFor()
    const firstThread = await openThread(switcher, 'Big thread', REPLIES)
    const threads: number[] = []
    for (let i = 0; i < RUNS; i++) threads.push(await openThread(switcher, 'Big thread', REPLIES))
    await switcher.close()
    console.error('threads timed; scrolling back…')

    // 6. Memory after scrolling back through SCROLL messages.
    const scrollPage = await context.newPage()
    const cdp = await context.newCDPSession(scrollPage)
    await cdp.send('Performance.enable')
    await scrollPage.goto(big)
    await scrollPage.waitForSelector(`[data-seq="${data.bigCount}"]`)
    const opened = await memory(scrollPage, cdp)
    const target = data.bigCount - SCROLL
    const scrollBegan = performance.now()
    const oldest = await scrollBack(scrollPage, data.bigCount, target)
    const scrollSeconds = (performance.now() - scrollBegan) / 1000
    const scrolled = await memory(scrollPage, cdp)

    const distJs = execFileSync('ls', [path.join(DIST, 'assets')], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.js'))
    let allBytes = 0
    for (const f of distJs) allBytes += await gzipSize(DIST, `assets/${f}`)

    const returnMs = returns.map((r) => r.ms)
    const firstMs = firstVisits.map((r) => r.ms)
    const switchMs = switches.map((r) => r.ms)
    const openings = [...returns, ...smallReturns]
    const openingTasks = longTasks(openings)
    const after = openings.flatMap((r) => r.after ?? [])
    const afterScripts = openings.flatMap((r) => r.afterScripts ?? []).join('; ')
    const switchTasks = longTasks(switches)
    const heapMb = scrolled.heap / 1024 / 1024
    const n = data.bigCount.toLocaleString('en')
    console.log('')
    console.log(
      `Chorus web app (headless Chromium, production build, local stack, ${RUNS} runs each)`
    )
    console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`)
    console.log(
      `first-screen JavaScript on the wire: ${kb(firstScreen.wire)} in ${firstScreen.files} files  (target <= 150 KB: ${verdict(firstScreen.wire <= 150 * 1024)}; gzip -9 of the files: ${kb(firstScreen.gzip)}; whole build gzip -9 ${kb(allBytes)})`
    )
    console.log(
      `return visit -> latest message, ${n}-message channel: ${summary(returnMs)}  (target median <= 300 ms, p95 <= 500 ms: ${verdict(median(returnMs) <= 300 && percentile(returnMs, 95) <= 500)})`
    )
    console.log(
      `return visit -> latest message, ${smallLast}-message channel (baseline): ${summary(smallReturns.map((r) => r.ms))}`
    )
    console.log(
      `first visit (nothing kept) -> latest message, ${n}-message channel: ${summary(firstMs)}  (target <= 700 ms: ${verdict(median(firstMs) <= 700)})`
    )
    console.log(
      `switch to a channel opened before: ${summary(switchMs)}  (target <= 100 ms: ${verdict(median(switchMs) <= 100)})`
    )
    const afterS = AFTER_MS / 1000
    console.log(
      `long tasks while opening (return visits) until the text was readable: ${openingTasks.count}, the longest ${openingTasks.max} ms; in the ${afterS} s after: ${after.length}${after.length ? `, the longest ${Math.max(...after)} ms` : ''}; while switching: ${switchTasks.count}, the longest ${switchTasks.max} ms  (target none over 50 ms from navigation until ${afterS} s after the text is readable, nor while switching: ${verdict(openingTasks.count + after.length + switchTasks.count === 0)})`
    )
    if (after.length) console.log(`  those after the text was readable: ${afterScripts}`)
    if (openingTasks.count + switchTasks.count > 0)
      console.log(
        `  their longest scripts (opening: runs 1-${RUNS} the big channel, then the small one): ${[openingTasks.scripts, switchTasks.scripts].filter(Boolean).join('; ')}`
      )
    console.log(
      `opening a ${REPLIES}-reply thread: ${summary(threads)}; the first opening (loads its chunk) ${firstThread.toFixed(0)} ms  (target p95 <= 150 ms: ${verdict(percentile(threads, 95) <= 150)})`
    )
    console.log(
      `after opening the channel: JS heap ${mb(opened.heap)}, ${opened.nodes.toLocaleString('en')} DOM nodes alive (${opened.inDocument.toLocaleString('en')} in the document)`
    )
    console.log(
      `after scrolling back through ${(data.bigCount - oldest).toLocaleString('en')} messages (${scrollSeconds.toFixed(1)} s): JS heap ${mb(scrolled.heap)} (${(scrolled.heap / opened.heap).toFixed(2)}x), ${scrolled.nodes.toLocaleString('en')} DOM nodes alive (${(scrolled.nodes / opened.nodes).toFixed(2)}x; ${scrolled.inDocument.toLocaleString('en')} in the document)  (target heap <= 15 MB: ${verdict(heapMb <= 15)})`
    )
  } finally {
    await browser?.close()
    await stop()
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
