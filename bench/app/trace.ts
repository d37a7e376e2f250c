// Where a return visit's time goes, as Chromium itself records it: a trace (the DevTools
// timeline's categories) of return visits, and for each the renderer's main thread from the
// navigation's start until the newest message is readable, task by task: when each began and
// how long it took, with what filled it (parsing the HTML, compiling and evaluating a script, a
// function call from a timer, a message or a promise, style, layout, paint), and the scripts'
// and the API's requests (when asked, when answered). profile.ts says which functions; this one
// says what happened between them (the browser's own work, waiting).
//   node --import tsx bench/app/trace.ts [--members 5000] [--channels 300] [--runs 2] [--dist DIR]
//   ... --no-service-worker   # the same with the service worker blocked
//   ... --out run.json   # the last run's trace, for chrome://tracing or DevTools
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startBenchStack } from '../support/stack.ts'
import { CHROMIUM_ARGS, DIST, launchChromium, signIn } from './browser.ts'
import { SEE_CLOSED_SHADOWS, waitTrue, watchReadable } from './measure.ts'
import { seedSize } from './size-seed.ts'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    channels: { type: 'string', default: '300' },
    runs: { type: 'string', default: '2' },
    dist: { type: 'string', default: DIST },
    out: { type: 'string' },
    // Tasks shorter than this are counted, not listed.
    'min-task': { type: 'string', default: '2' },
    // Opened without the service worker (Playwright blocks its registration): its share.
    'no-service-worker': { type: 'boolean', default: false },
  },
})

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { data?: Record<string, unknown>; name?: string; frame?: string }
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'navigation',
  '__metadata',
]

/** A URL as printed: its path, a built script's without the assets folder and the hash. */
const shortUrl = (url: string) =>
  url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/assets\//, '')
    .replace(/-[\w-]{8}\.js$/, '')

async function main(): Promise<void> {
  const bench = await startBenchStack('trace', { appDist: path.resolve(values.dist) })
  const browser = await launchChromium(CHROMIUM_ARGS)
  try {
    const world = await seedSize(bench, {
      members: Number(values.members),
      channels: Number(values.channels),
    })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: values['no-service-worker'] ? 'block' : 'allow',
    })
    const first = await context.newPage()
    await signIn(first, bench.stack.appUrl, world)
    // What the app keeps on the device is written in the seconds after its first screen.
    await first.waitForTimeout(3000)
    await first.close()
    const url = `${bench.stack.appUrl}/w/${world.workspaceId}/c/${world.generalId}`
    for (let run = 0; run < Number(values.runs); run++) {
      const page = await context.newPage()
      await page.addInitScript({
        content:
          SEE_CLOSED_SHADOWS +
          watchReadable(`.message-scroller [data-seq="${world.generalLastSeq}"]`),
      })
      await browser.startTracing(page, { categories: CATEGORIES })
      await page.goto(url)
      // The app's own moment (issue 72): its list readable and its composer typable; the kept
      // screen's (window.__shown) printed beside.
      await waitTrue(page, 'window.__live > 0 && window.__typable > 0', 60_000)
      const kept = (await page.evaluate('window.__shown')) as number
      const shown = (await page.evaluate('Math.max(window.__live, window.__typable)')) as number
      const elements = (await page.evaluate(
        `[document.getElementsByTagName('*').length, document.querySelectorAll('.sidebar *').length, document.querySelectorAll('.message-scroller *').length]`
      )) as number[]
      await page.waitForTimeout(3000)
      const buffer = await browser.stopTracing()
      if (values.out) writeFileSync(values.out, buffer)
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
      console.log(
        `\nrun ${run}: the app readable and typable at ${shown.toFixed(0)} ms (the page's clock; the kept screen readable at ${kept.toFixed(0)}); elements then: ${elements[0]} (sidebar ${elements[1]}, messages ${elements[2]})`
      )
      summarize(events, url, shown, Number(values['min-task']))
      await page.close()
    }
  } finally {
    await browser.close()
    await bench.stop()
  }
}

/** The renderer's main thread (CrRendererMain of the process that ran the page's navigation). */
function summarize(events: TraceEvent[], url: string, shown: number, minTask: number): void {
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url
  )
  if (!start) {
    console.log('no navigationStart in the trace')
    return
  }
  const threads = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args!.name!)
  const main = (e: TraceEvent) =>
    e.pid === start.pid && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain'
  const at = (ts: number) => (ts - start.ts) / 1000
  const until = start.ts + shown * 1000
  const onMain = events
    .filter((e) => main(e) && e.ph === 'X' && e.ts >= start.ts && e.ts <= until)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'
  )
  let busy = 0
  let small = 0
  let smallCount = 0
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000
    busy += dur
    if (dur < minTask) {
      small += dur
      smallCount += 1
      continue
    }
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0)
    )
    console.log(
      `${at(task.ts).toFixed(1).padStart(7)} ms  task ${dur.toFixed(1)} ms: ${describe(inside)}`
    )
  }
  console.log(
    `main thread busy ${busy.toFixed(0)} ms of ${shown.toFixed(0)} (${smallCount} tasks under ${minTask} ms: ${small.toFixed(0)} ms)`
  )
  const requests = new Map<string, { url: string; sent: number; done?: number }>()
  for (const e of events) {
    const data = e.args?.data
    if (!data || typeof data.requestId !== 'string') continue
    if (e.name === 'ResourceSendRequest')
      requests.set(data.requestId, { url: String(data.url), sent: at(e.ts) })
    if (e.name === 'ResourceFinish') {
      const r = requests.get(data.requestId)
      if (r) r.done = at(e.ts)
    }
  }
  // The page's and the API's requests (not the browser's own chrome:// ones).
  const asked = [...requests.values()].filter((x) => x.sent <= shown && /^https?:/.test(x.url))
  for (const r of asked) {
    const done = r.done === undefined ? '-' : r.done.toFixed(0)
    console.log(
      `  request ${r.sent.toFixed(0)}-${done} ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`
    )
  }
}

/** What a task held: its events' total time by kind (the outermost of nested ones of a kind). */
function describe(inside: TraceEvent[]): string {
  const KINDS: Record<string, string> = {
    ParseHTML: 'parse HTML',
    EvaluateScript: 'evaluate',
    'v8.compile': 'compile',
    'v8.compileModule': 'compile module',
    'v8.evaluateModule': 'evaluate module',
    'v8.produceModuleCache': 'module cache',
    FunctionCall: 'call',
    TimerFire: 'timer',
    FireAnimationFrame: 'animation frame',
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    PrePaint: 'prepaint',
    Paint: 'paint',
    Layerize: 'layerize',
    ParseAuthorStyleSheet: 'parse CSS',
    'v8.gc': 'gc',
    MinorGC: 'gc',
    MajorGC: 'gc',
    XHRReadyStateChange: 'xhr',
    EventDispatch: 'event',
    RunMicrotasks: 'microtasks',
  }
  const total = new Map<string, number>()
  const ends = new Map<string, number>()
  for (const e of inside) {
    const kind = KINDS[e.name]
    if (!kind) continue
    // A kind nested in itself counts once.
    if ((ends.get(kind) ?? -1) > e.ts) continue
    ends.set(kind, e.ts + (e.dur ?? 0))
    let label = kind
    const data = e.args?.data
    if (data && (kind === 'evaluate' || kind === 'compile' || kind === 'compile module')) {
      const url = shortUrl(String(data.url ?? data.fileName ?? ''))
      if (url) label += ` ${url}`
    }
    if (kind === 'event' && data?.type) label += ` ${String(data.type)}`
    if (kind === 'call' && data) {
      const where = shortUrl(String(data.url ?? ''))
      label += ` ${String(data.functionName || '(anon)')}@${where}:${String(data.lineNumber ?? '')}`
    }
    total.set(label, (total.get(label) ?? 0) + (e.dur ?? 0) / 1000)
  }
  return (
    [...total]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
      .join(', ') || '(nothing named)'
  )
}

await main()
