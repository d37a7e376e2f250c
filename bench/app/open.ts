// What opening the signed-in app costs the machine: a person of the bench's workspace, signed in
// once, opens its 20-message channel again and again, each time in a new browser context (as a
// new tab of a fresh profile: no HTTP cache, the session kept), until the channel's latest
// message shows, the composer's tools are in and the network has been quiet for 500 ms. Per
// open: the REST requests the page made, and the CPU-seconds every process used meanwhile
// (/proc: Chromium's by process type, PostgreSQL's, this process's, which runs the stack and
// Playwright), the pages left open until all are counted. With --baseline, another build
// measured the same way in the same run (a stack of its own each time), in the order build,
// baseline, baseline, build, and the ratios of the means.
//
//   node --import tsx bench/app/open.ts [--opens 6] [--dist app/dist] [--baseline DIR] [--built]
//
// It builds the app into app/dist unless --built or --dist names another build. Linux only.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { BrowserContext } from 'playwright-core'
import { startBenchStack } from '../support/stack.ts'
import { BUILD_OPTIONS, buildApp, DIST, launchChromium, signIn } from './browser.ts'
import { seed } from './seed.ts'

const { values } = parseArgs({
  options: {
    opens: { type: 'string', default: '6' },
    ...BUILD_OPTIONS,
  },
})
const OPENS = Number(values.opens)
const TICKS_PER_SECOND = 100

/** CPU-seconds used so far by each running process, by its kind. */
function cpuByProcess(): Map<string, { kind: string; seconds: number }> {
  const seen = new Map<string, { kind: string; seconds: number }>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
      seen.set(pid, { kind: kindOf(pid, command, cmdline), seconds })
    } catch {
      // gone meanwhile
    }
  }
  return seen
}

function kindOf(pid: string, command: string, cmdline: string): string {
  if (pid === String(process.pid)) return 'node (the stack, Playwright)'
  if (command.startsWith('postgres')) return 'PostgreSQL'
  if (!command.startsWith('chrom')) return 'other'
  const type = /--type=(\S+)/.exec(cmdline)?.[1]
  const utility = /--utility-sub-type=(\S+)/.exec(cmdline)?.[1]?.split('.').pop()
  return `Chromium ${type ? (utility ?? type) : 'browser'}`
}

interface OpenFigures {
  requests: number
  cpu: Map<string, number>
  total: number
}

async function measure(dist: string): Promise<OpenFigures> {
  const bench = await startBenchStack('open', { appDist: dist })
  const { stack } = bench
  const browser = await launchChromium()
  const contexts: BrowserContext[] = []
  try {
    const data = await seed(stack, 20)
    const channel = `${stack.appUrl}/w/${data.workspaceId}/c/${data.smallChannelId}`
    const first = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await first.newPage()
    await signIn(page, stack.appUrl, data)
    await page.goto(channel)
    await page.locator('.composer-tools-end').waitFor()
    const session = await first.storageState()
    await first.close()
    let requests = 0
    const open = async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        storageState: session,
        serviceWorkers: 'block',
      })
      contexts.push(context)
      const page = await context.newPage()
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/rest/')) requests += 1
      })
      await page.goto(channel)
      await page.locator('article[data-seq]').last().waitFor()
      await page.locator('.composer-tools-end').waitFor()
      await page.waitForLoadState('networkidle')
    }
    await open() // the stack's and the browser's first time, not counted
    requests = 0
    const before = cpuByProcess()
    for (let i = 0; i < OPENS; i++) await open()
    const after = cpuByProcess()
    const cpu = new Map<string, number>()
    for (const [pid, { kind, seconds }] of after) {
      const used = seconds - (before.get(pid)?.seconds ?? 0)
      if (used > 0) cpu.set(kind, (cpu.get(kind) ?? 0) + used / OPENS)
    }
    const total = [...cpu.values()].reduce((sum, s) => sum + s, 0)
    return { requests: requests / OPENS, cpu, total }
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined)
    await browser.close()
    await bench.stop()
  }
}

function report(title: string, f: OpenFigures): void {
  console.log(`\n${title}`)
  console.log(`  ${f.total.toFixed(2)} CPU-seconds an open, ${f.requests.toFixed(1)} REST requests`)
  for (const [kind, seconds] of [...f.cpu].sort((a, b) => b[1] - a[1])) {
    if (seconds >= 0.01) console.log(`  ${seconds.toFixed(2).padStart(6)}  ${kind}`)
  }
}

/** The mean of two measurements. */
function mean(a: OpenFigures, b: OpenFigures): OpenFigures {
  const cpu = new Map<string, number>()
  for (const [kind, seconds] of [...a.cpu, ...b.cpu])
    cpu.set(kind, (cpu.get(kind) ?? 0) + seconds / 2)
  return { requests: (a.requests + b.requests) / 2, cpu, total: (a.total + b.total) / 2 }
}

async function main(): Promise<void> {
  const dist = path.resolve(values.dist)
  if (!values.built && dist === DIST) buildApp()
  if (!values.baseline) {
    report(`Per open (${OPENS} opens, one run): ${dist}`, await measure(dist))
    return
  }
  // Measured in the order build, baseline, baseline, build: whatever drifts over the run (the
  // machine warming, its caches) weighs on both alike.
  const baselineDist = path.resolve(values.baseline)
  const first = await measure(dist)
  const baselineFirst = await measure(baselineDist)
  const baselineSecond = await measure(baselineDist)
  const second = await measure(dist)
  const measured = mean(first, second)
  const baseline = mean(baselineFirst, baselineSecond)
  report(`Per open (${OPENS} opens, twice, the mean): ${dist}`, measured)
  report(`The baseline, measured the same way between them: ${values.baseline}`, baseline)
  console.log(
    `\nEach measurement's total: this build ${first.total.toFixed(2)}, ${second.total.toFixed(2)}; the baseline ${baselineFirst.total.toFixed(2)}, ${baselineSecond.total.toFixed(2)} CPU-seconds`
  )
  const ratio = (a: number, b: number) => (b === 0 ? '-' : `${(a / b).toFixed(2)}x`)
  console.log(
    `\nThis build against the baseline: ${ratio(measured.total, baseline.total)} the CPU-seconds, ${ratio(measured.requests, baseline.requests)} the REST requests`
  )
}

await main()
