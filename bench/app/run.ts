// The web app's benchmark, in headless Chromium against the real stack:
//   1. first-screen JavaScript: every script a first visit (empty browser cache, signed in)
//      fetches from navigation until the latest messages of a channel are on screen, in bytes as
//      received (compressed by the app server; target <= 150 KB), gzip -9 of the files beside;
//   2. time from navigation to the latest message shown, in a channel of 100,000 messages, and
//      in a channel of 20 as the baseline measured in the same run (target < 500 ms);
//   3. JS heap and DOM size after scrolling back through 10,000 messages, against the same
//      figures right after opening the channel.
//
//   node --import tsx bench/app/run.ts [--messages 100000] [--runs 5] [--scroll 10000]
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { startBenchStack } from '../support/stack.ts'
import { gzipSize, kb } from './bundle.ts'
import { seed } from './seed.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const DIST = path.join(ROOT, 'app', 'dist')
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    scroll: { type: 'string', default: '10000' },
  },
})
const MESSAGES = Number(values.messages)
const RUNS = Number(values.runs)
const SCROLL = Number(values.scroll)

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

async function main(): Promise<void> {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'app'),
      stdio: 'inherit',
    }
  )
  const { stack, stop } = await startBenchStack('app', { appDist: DIST })
  let browser: Browser | null = null
  try {
    const began = performance.now()
    const data = await seed({
      apiUrl: stack.apiUrl,
      anonKey: stack.keys.anonKey,
      serviceRoleKey: stack.keys.serviceRoleKey,
      dbUrl: stack.dbUrl,
      messages: MESSAGES,
    })
    console.log(
      `seeded ${MESSAGES.toLocaleString('en')} messages in ${((performance.now() - began) / 1000).toFixed(1)} s`
    )

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${stack.appUrl}/sign-in`)
    await page.getByLabel('Email').fill(data.email)
    await page.getByLabel('Password').fill(data.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('[data-seq]')
    await page.close()

    const big = `${stack.appUrl}/w/${data.workspaceId}/c/${data.bigChannelId}`
    const small = `${stack.appUrl}/w/${data.workspaceId}/c/${data.smallChannelId}`

    // 1. First-screen JavaScript, as a first visit receives it: a context of its own (an empty
    // HTTP cache) with the session, the bytes of each script's body as they came over the wire.
    const coldContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      storageState: await context.storageState(),
    })
    const firstScreen = await coldContext.newPage()
    const received: Promise<{ script: string; wire: number; encoding: string }>[] = []
    firstScreen.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin !== stack.appUrl || !url.pathname.endsWith('.js')) return
      received.push(
        (async () => ({
          script: url.pathname,
          wire: (await response.request().sizes()).responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'none',
        }))()
      )
    })
    await firstScreen.goto(big)
    await firstScreen.waitForSelector(`[data-seq="${data.bigCount}"]`)
    const scripts = await Promise.all(received)
    let firstScreenWire = 0
    let firstScreenBytes = 0
    for (const { script, wire, encoding } of scripts) {
      const gzip = await gzipSize(DIST, script)
      firstScreenWire += wire
      firstScreenBytes += gzip
      console.log(`  ${script}: ${wire} B on the wire (${encoding}), gzip -9 ${gzip} B`)
    }
    await coldContext.close()

    // 2. Navigation to latest message shown.
    const timeTo = async (url: string, lastSeq: number): Promise<number> => {
      const p = await context.newPage()
      // Page scripts are strings: tsx would wrap inner functions in helpers the page lacks.
      await p.addInitScript({
        content: `
          new MutationObserver((_m, observer) => {
            if (document.querySelector('[data-seq="${lastSeq}"]')) {
              window.__shown = performance.now()
              observer.disconnect()
            }
          }).observe(document, { childList: true, subtree: true })`,
      })
      if (process.env.BENCH_TRACE) {
        await p.addInitScript({
          content: `window.__authDebug = true; window.__calls = []; const cl = console.log; console.log = function (...a) { window.__calls.push(Math.round(performance.now()) + ' log ' + a.slice(1).map(String).join(' ').slice(0, 110)); }; const f = window.fetch; window.fetch = function (input, init) {
            window.__calls.push(Math.round(performance.now()) + ' call ' + String(input.url || input).replace(/^https?:\\/\\/[^/]+/, '').slice(0, 60)); return f.apply(this, arguments) };
            document.addEventListener('DOMContentLoaded', () => window.__calls.push(Math.round(performance.now()) + ' DOMContentLoaded'))`,
        })
      }
      await p.goto(url)
      await p.waitForFunction(
        () => (window as unknown as { __shown?: number }).__shown !== undefined
      )
      const ms = await p.evaluate(() => (window as unknown as { __shown: number }).__shown)
      if (process.env.BENCH_TRACE) {
        const entries = (await p.evaluate(
          `performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.name])`
        )) as [number, number, string][]
        for (const [start, end, name] of entries)
          console.error(`${start}-${end} ${name.replace(/^https?:\/\/[^/]+/, '')}`)
        console.error(((await p.evaluate('window.__calls')) as string[]).join('\n'))
        console.error(`shown at ${Math.round(ms)}`)
      }
      await p.close()
      return ms
    }
    console.error(`first screen measured (${scripts.length} scripts); timing navigations…`)
    const bigTimes: number[] = []
    const smallTimes: number[] = []
    await timeTo(big, data.bigCount) // warm-up: caches, connection pools, query plans
    for (let i = 0; i < RUNS; i++) {
      bigTimes.push(await timeTo(big, data.bigCount))
      smallTimes.push(await timeTo(small, data.smallCount))
    }

    console.error('navigations timed; scrolling back…')
    // 3. Memory after scrolling back through SCROLL messages.
    const scrollPage = await context.newPage()
    const cdp = await context.newCDPSession(scrollPage)
    await cdp.send('Performance.enable')
    await scrollPage.goto(big)
    await scrollPage.waitForSelector(`[data-seq="${data.bigCount}"]`)
    const opened = await memory(scrollPage, cdp)
    const target = data.bigCount - SCROLL
    const scrollBegan = performance.now()
    let oldest = data.bigCount
    let stalls = 0
    while (oldest > target) {
      const before = oldest
      oldest = (await scrollPage.evaluate(`(async () => {
        const scroller = document.querySelector('.message-scroller')
        const lowest = () => Math.min(...[...document.querySelectorAll('[data-seq]')].map((e) => Number(e.dataset.seq)))
        for (let i = 0; i < 400; i++) {
          scroller.scrollTop = 0
          await new Promise((resolve) => requestAnimationFrame(resolve))
          const now = lowest()
          if (now < ${oldest}) return now
        }
        return lowest()
      })()`)) as number
      if (oldest >= before && ++stalls > 5) {
        const state = await scrollPage.evaluate(`(() => {
          const el = document.querySelector('.message-scroller')
          return JSON.stringify({ top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight,
            text: document.querySelector('.list-top')?.textContent, busy: el.getAttribute('aria-busy'),
            status: document.querySelector('[data-status]')?.getAttribute('data-status') })
        })()`)
        throw new Error(`scrolling stalled at seq ${oldest}: ${state}`)
      }
      if (oldest < before) stalls = 0
    }
    const scrollSeconds = (performance.now() - scrollBegan) / 1000
    const scrolled = await memory(scrollPage, cdp)

    const distJs = execFileSync('ls', [path.join(DIST, 'assets')], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.js'))
    let allBytes = 0
    for (const f of distJs) allBytes += await gzipSize(DIST, `assets/${f}`)

    console.log('')
    console.log('Chorus web app (headless Chromium, production build, local stack)')
    console.log(
      `first-screen JavaScript on the wire: ${kb(firstScreenWire)} in ${scripts.length} files  (target <= 150 KB; gzip -9 of the files: ${kb(firstScreenBytes)}; whole build gzip -9 ${kb(allBytes)})`
    )
    console.log(
      `navigation -> latest message shown, ${data.bigCount.toLocaleString('en')}-message channel: median ${median(bigTimes).toFixed(0)} ms, p95 ${percentile(bigTimes, 95).toFixed(0)} ms over ${RUNS} runs  (target < 500 ms)`
    )
    console.log(
      `navigation -> latest message shown, ${data.smallCount}-message channel (baseline): median ${median(smallTimes).toFixed(0)} ms, p95 ${percentile(smallTimes, 95).toFixed(0)} ms`
    )
    console.log(
      `ratio ${data.bigCount.toLocaleString('en')} / ${data.smallCount} messages: ${(median(bigTimes) / median(smallTimes)).toFixed(2)}x`
    )
    console.log(
      `after opening the channel: JS heap ${mb(opened.heap)}, ${opened.nodes.toLocaleString('en')} DOM nodes`
    )
    console.log(
      `after scrolling back through ${(data.bigCount - oldest).toLocaleString('en')} messages (${scrollSeconds.toFixed(1)} s): JS heap ${mb(scrolled.heap)} (${(scrolled.heap / opened.heap).toFixed(2)}x), ${scrolled.nodes.toLocaleString('en')} DOM nodes (${(scrolled.nodes / opened.nodes).toFixed(2)}x)`
    )
  } finally {
    await browser?.close()
    await stop()
  }
}

async function memory(page: Page, cdp: CDPSession): Promise<{ heap: number; nodes: number }> {
  await cdp.send('HeapProfiler.collectGarbage')
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes') }
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
