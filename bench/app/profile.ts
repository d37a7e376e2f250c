// Where the main thread's time goes while a channel opens: a CPU profile (CDP) of one return
// visit, self time summed by function and by script, and the long tasks (> 50 ms) it saw.
//   node --import tsx bench/app/profile.ts [--messages 2000] [--dist app/dist] [--out x.cpuprofile]
//   ... --members 5000 [--channels 300]   # bench:app-size's world instead: its #general
//   ... --linger 3500   # each page open 3.5 s once shown, as bench:app's (what it keeps is written)
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startBenchStack } from '../support/stack.ts'
import { DIST, launchChromium, signIn } from './browser.ts'
import { seed } from './seed.ts'
import { seedSize } from './size-seed.ts'
import { waitTrue } from './measure.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    dist: { type: 'string', default: DIST },
    out: { type: 'string' },
    runs: { type: 'string', default: '2' },
    'hold-network': { type: 'string', default: '0' },
    members: { type: 'string' },
    channels: { type: 'string', default: '300' },
    // How long each page stays open once shown: what it keeps on the device (the messages, their
    // parsed trees) is written a second or three after the first screen.
    linger: { type: 'string', default: '300' },
  },
})

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
}

async function main(): Promise<void> {
  const bench = await startBenchStack('profile', { appDist: path.resolve(values.dist) })
  const { stack, stop } = bench
  const browser = await launchChromium(['--no-sandbox', '--disable-gpu', '--no-first-run'])
  try {
    const data = values.members
      ? await seedSize(bench, {
          members: Number(values.members),
          channels: Number(values.channels),
        }).then((w) => ({ ...w, bigChannelId: w.generalId, bigCount: w.generalLastSeq }))
      : await seed(stack, Number(values.messages))
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signIn(page, stack.appUrl, data)
    await page.close()
    const url = `${stack.appUrl}/w/${data.workspaceId}/c/${data.bigChannelId}`
    for (let run = 0; run < Number(values.runs); run++) {
      const p = await context.newPage()
      await p.addInitScript({
        // __chorusOrigin: a 2 ms busy loop at the page's start, so that the profile's clock can be
        // set against performance.now() (its first sample is at window.__originAt).
        content: `(function __chorusOrigin() { window.__originAt = performance.now(); while (performance.now() - window.__originAt < 2) {} })();
          window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true });
          new MutationObserver((_m, o) => { if (document.querySelector('[data-seq="${data.bigCount}"]')) { window.__shown = performance.now(); o.disconnect() } }).observe(document, { childList: true, subtree: true })`,
      })
      const hold = Number(values['hold-network'])
      if (hold > 0) {
        // Every answer of the stack's API held back: what shows from the local copy alone.
        await p.route(`${stack.apiUrl}/**`, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, hold))
          await route.continue()
        })
      }
      const cdp = await context.newCDPSession(p)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', {
        interval: Number(process.env.PROFILE_INTERVAL ?? 200),
      })
      await cdp.send('Profiler.start')
      await p.goto(url)
      await waitTrue(p, 'window.__shown !== undefined', 60_000)
      await p.waitForTimeout(Number(values.linger))
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
      const shown = await p.evaluate(() => (window as unknown as { __shown: number }).__shown)
      const long = await p.evaluate(() => (window as unknown as { __long: number[][] }).__long)
      const nav = await p.evaluate(
        `(() => { const n = performance.getEntriesByType('navigation')[0]; return ['responseEnd', 'domInteractive', 'domContentLoadedEventStart', 'domContentLoadedEventEnd', 'loadEventStart'].map((k) => k + ' ' + Math.round(n[k])).join(', ') })()`
      )
      const paints = await p.evaluate(
        `performance.getEntriesByType('paint').map((e) => e.name + ' ' + Math.round(e.startTime)).join(', ')`
      )
      console.log(`navigation: ${nav}; ${paints}`)
      if (values.out) writeFileSync(values.out, JSON.stringify(profile))
      console.log(
        `run ${run}: shown at ${Math.round(shown)} ms; long tasks ${JSON.stringify(long)}`
      )
      report(profile)
      const originAt = await p.evaluate(
        () => (window as unknown as { __originAt: number }).__originAt
      )
      longTasks(profile, long, originAt)
      await p.close()
    }
  } finally {
    await browser.close()
    await stop()
  }
}

function report(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  )
  const byFn = new Map<string, number>()
  const byUrl = new Map<string, number>()
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame
    const file = f.url.replace(/^https?:\/\/[^/]+/, '') || `(${f.functionName || 'native'})`
    const key = `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`
    byFn.set(key, (byFn.get(key) ?? 0) + us)
    byUrl.set(file, (byUrl.get(file) ?? 0) + us)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`)
  if (process.env.PROFILE_TIMELINE) timeline(profile, byId)
  console.log('by script:\n' + top(byUrl, 12).join('\n'))
  console.log('by function:\n' + top(byFn, 30).join('\n'))
}

/** Each long task's busiest functions, counted inclusively (a function's callees' time is its
 * time too; a function on the stack twice counted once), the page's clock set by __chorusOrigin. */
function longTasks(profile: Profile, long: number[][], originAt: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame
    const file = f.url.replace(/^https?:\/\/[^/]+\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')
    return `${f.functionName || '(anon)'}@${file || 'native'}:${f.lineNumber + 1}`
  }
  const times: number[] = []
  let t = profile.startTime
  let origin: number | null = null
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    times.push(t)
    if (origin !== null) return
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)!.callFrame.functionName === '__chorusOrigin') {
        origin = t / 1000 - originAt
        break
      }
  })
  if (origin === null) {
    console.log('long tasks: the origin marker was not sampled')
    return
  }
  for (const [start, duration] of long) {
    const from = (origin + start!) * 1000
    const to = from + duration! * 1000
    const inclusive = new Map<string, number>()
    profile.samples.forEach((id, i) => {
      if (times[i]! < from || times[i]! > to) return
      const seen = new Set<string>()
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const key = name(at)
        if (seen.has(key) || key.startsWith('(root)')) continue
        seen.add(key)
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0))
      }
    })
    const top = [...inclusive]
      .filter(([k]) => !/^\((program|idle|anon)\)@native/.test(k))
      .sort((x, y) => y[1] - x[1])
      .slice(0, Number(process.env.PROFILE_TOP ?? 25))
    console.log(`long task at ${start} ms, ${duration} ms:`)
    for (const [k, us] of top) console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms  ${k}`)
  }
}

/** Each 25 ms of the profile: what ran most (self time), from the page's time origin. */
function timeline(profile: Profile, byId: Map<number, ProfileNode>): void {
  // The init script's marker: a function named __origin sampled at performance.now() ~ 0.
  let t = profile.startTime
  const buckets = new Map<number, Map<string, number>>()
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    const f = byId.get(id)!.callFrame
    const file = f.url.replace(/^https?:\/\/[^/]+\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')
    const key = `${f.functionName || '(anon)'}@${file || 'native'}`
    if (key.startsWith('(idle)')) return
    const b = Math.floor((t - profile.startTime) / 25_000)
    const m = buckets.get(b) ?? new Map<string, number>()
    m.set(key, (m.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0))
    buckets.set(b, m)
  })
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    const total = [...m.values()].reduce((a, c) => a + c, 0)
    const top = [...m].sort((x, y) => y[1] - x[1]).slice(0, 3)
    console.log(
      `${String(b * 25).padStart(5)} ms ${(total / 1000).toFixed(0).padStart(3)} busy: ${top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', ')}`
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
